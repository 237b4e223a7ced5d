#!/bin/sh
# Regenerates the golden files from mandoc (1.14.6 was used):
#   <case>.out_ascii  mandoc -T ascii -O width=78 <case>.in | col -bx   (col -b, tabs expanded)
#   <case>.out_lint   mandoc -T lint -W all <case>.in                   ("mandoc: " prefix removed)
#   <case>.out_utf8   mandoc -T utf8 -O width=78 <case>.in | col -bx    (in a UTF-8 locale, so col keeps the characters whole)
# Run it from this directory after adding or changing a case; review the diff before committing.
set -e
cd "$(dirname "$0")"
for f in *.in; do
    c=${f%.in}
    mandoc -T ascii -O width=78 "$f" | col -bx > "$c.out_ascii"
    mandoc -T lint -W all "$f" 2>&1 | sed 's/^mandoc: //' > "$c.out_lint" || true
    mandoc -T utf8 -O width=78 "$f" | LC_ALL=C.UTF-8 col -bx > "$c.out_utf8"
done
