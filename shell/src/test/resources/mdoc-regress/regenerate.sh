#!/bin/sh
# Regenerates the golden files of the mdoc(7) cases from mandoc (1.14.6 was used):
#   <case>.out_ascii  mandoc -T ascii -O width=78 <case>.in | col -bx   (col -b, tabs expanded)
#   <case>.out_lint   mandoc -T lint -W all <case>.in ("mandoc: " prefix removed), without the
#                     "referenced manual not found" lines, which depend on the pages installed
# Run it from this directory after adding or changing a case; review the diff before committing.
set -e
cd "$(dirname "$0")"
for f in *.in; do
    mandoc -T ascii -O width=78 "$f" | col -bx > "${f%.in}.out_ascii"
    { mandoc -T lint -W all "$f" 2>/dev/null || true; } | sed 's/^mandoc: //' \
        | grep -v 'referenced manual not found' > "${f%.in}.out_lint" || true
done
