#!/usr/bin/env python3
"""Fail an executed GoNB notebook whose cell ended badly.

nbconvert only sees a cell error when GoNB reports one (a compile error, a
failed special command). A Go program that panics or calls os.Exit(1), and a
`!` shell command that exits non-zero, are only printed by GoNB as a last
stderr line such as "exit status 2" -- this script looks for those (and for
any error output, and for a `%%` program cell that shows nothing at all) and
exits 1 naming the cell.
"""
import json
import re
import sys

BAD = re.compile(r"^(\^C\s*)?(exit status \d+|signal: [\w ]+)\s*$")


def main(path):
    nb = json.load(open(path))
    bad = []
    for i, cell in enumerate(nb["cells"]):
        if cell["cell_type"] != "code":
            continue
        src = "".join(cell["source"])
        if "\n%%\n" in "\n" + src and not cell.get("outputs"):
            # a program cell that showed nothing: its display data was lost (GoNB
            # drops what a program sends right before it exits without gonbui.Sync)
            bad.append((i, "produced no output"))
        for out in cell.get("outputs", []):
            if out["output_type"] == "error":
                bad.append((i, out.get("ename", "") + ": " + out.get("evalue", "")))
            elif out["output_type"] == "stream" and out["name"] == "stderr":
                text = "".join(out["text"]) if isinstance(out["text"], list) else out["text"]
                lines = text.splitlines()
                for ln in lines:
                    if BAD.match(ln):
                        tail = "\n      ".join(lines[-12:])
                        bad.append((i, f"{ln.strip()}\n      {tail}"))
                        break
    for i, msg in bad:
        src = "".join(nb["cells"][i]["source"]).splitlines()
        print(f"{path}: cell {i} ({src[0] if src else ''!r}) failed: {msg}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(max(main(p) for p in sys.argv[1:]))
