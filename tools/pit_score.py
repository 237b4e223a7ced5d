#!/usr/bin/env python3
"""Score of one tools/pit run: reads PIT's mutations.xml and the reviewed survivors (tools/pit-survivors.txt).

    pit_score.py AREA MUTATIONS_XML... SURVIVORS_TXT           one summary line
    pit_score.py --list AREA MUTATIONS_XML... SURVIVORS_TXT    the undetected mutants not reviewed yet, one per line,
                                                               in the reviewed list's format (add " -- reason")

Several reports (the chunks of one package, PIT_CHUNK in tools/pit) are scored together. A mutant that appears in
more than one report (same class, method, line, description and index) counts once, as detected if any report
detected it: a later run of one class, after a test was added, thus replaces that class's earlier verdicts.

A reviewed line is "area  Class.method:line  description  -- reason"; it matches a mutant of that area with the
same class (inner classes as Outer$Inner), method, line and description. The score is detected / all mutants;
"reviewed" counts the undetected ones that have a reviewed line (equivalent, trace only, ...), and "unreviewed"
the rest: what still needs a test or a reason.
"""
import sys
import xml.etree.ElementTree as ET


def mutants(path):
    text = open(path, encoding="utf-8").read()
    try:
        root = ET.fromstring(text)
    except ET.ParseError:  # a run stopped before its end: keep the complete <mutation> elements
        body = text[: text.rfind("</mutation>") + len("</mutation>")]
        root = ET.fromstring("<mutations>" + body[body.find("<mutation "):] + "</mutations>")
    for m in root.iter("mutation"):
        cls = m.findtext("mutatedClass").rsplit(".", 1)[-1]
        yield (m.get("status"), m.get("detected") == "true",
               f"{cls}.{m.findtext('mutatedMethod')}:{m.findtext('lineNumber')}", m.findtext("description"),
               (m.findtext("mutatedClass"), m.findtext("mutatedMethod"), m.findtext("methodDescription"),
                m.findtext("lineNumber"), m.findtext("mutator"), tuple(i.text for i in m.iter("index")),
                m.findtext("description")))


def merged(paths):
    """The mutants of several reports, each once; a detected verdict wins over an undetected one."""
    best = {}
    for path in paths:
        for status, det, where, desc, key in mutants(path):
            old = best.get(key)
            if old is None or (det and not old[1]):
                best[key] = (status, det, where, desc)
    return best.values()


def reviewed(path, area):
    keys = set()
    for line in open(path, encoding="utf-8"):
        if line.startswith("#") or " -- " not in line:
            continue
        head = line.split(" -- ", 1)[0].split(None, 2)
        if len(head) == 3 and head[0] == area:
            keys.add((head[1], head[2].strip()))
    return keys


def main(argv):
    listing = argv[:1] == ["--list"]
    if listing:
        argv = argv[1:]
    if len(argv) < 3:
        sys.exit("usage: pit_score.py [--list] AREA MUTATIONS_XML... SURVIVORS_TXT")
    area, xmls, surv = argv[0], argv[1:-1], argv[-1]
    seen = reviewed(surv, area)
    counts = {"KILLED": 0, "TIMED_OUT": 0, "MEMORY_ERROR": 0, "RUN_ERROR": 0, "SURVIVED": 0, "NO_COVERAGE": 0}
    total = detected = rev = 0
    for status, det, where, desc in merged(xmls):
        total += 1
        counts[status] = counts.get(status, 0) + 1
        if det:
            detected += 1
        elif (where, desc) in seen:
            rev += 1
        elif listing:
            print(f"{area}  {where}  {desc}  -- {status.lower()}")
    if listing:
        return
    pct = 100.0 * detected / total if total else 0.0
    undetected = total - detected
    print(f"{area:<8} {detected:>5}/{total:<5} {pct:5.1f}%   (killed {counts['KILLED']}, timed out "
          f"{counts['TIMED_OUT'] + counts['MEMORY_ERROR'] + counts['RUN_ERROR']}, survived {counts['SURVIVED']}, "
          f"no coverage {counts['NO_COVERAGE']}; undetected {undetected}: reviewed {rev}, unreviewed {undetected - rev})")


if __name__ == "__main__":
    main(sys.argv[1:])
