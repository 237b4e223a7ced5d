#!/bin/sh
# Regenerates the golden files of the mdoc(7) cases from mandoc (1.14.6 was used):
#   <case>.out_ascii  mandoc -T ascii -O width=78 <case>.in | col -bx   (col -b, tabs expanded)
# Run it from this directory after adding or changing a case; review the diff before committing.
set -e
cd "$(dirname "$0")"
for f in *.in; do
    mandoc -T ascii -O width=78 "$f" | col -bx > "${f%.in}.out_ascii"
done
