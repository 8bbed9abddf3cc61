#!/usr/bin/env python3
"""Reads and drives lurobotsim over AT-SPI, as a Linux screen reader does (gui_access.rs).

    atspi_probe.py dump          every node of the app: [{"role", "name", "states"}, ...]
    atspi_probe.py press NAME    invokes the action of the button named NAME

Each call is a fresh process: libatspi caches names and children when nothing runs its
event loop, so a long-lived reader would see a stale tree.
"""
import json
import sys

import pyatspi


def app():
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        a = desktop.getChildAtIndex(i)
        if a is not None and a.name == "lurobotsim":
            return a
    return None


def walk(node, depth=0):
    if depth > 60:
        return
    yield node
    for i in range(node.childCount):
        child = node.getChildAtIndex(i)
        if child is not None:
            yield from walk(child, depth + 1)


def nodes(a):
    out = []
    for n in walk(a):
        try:
            states = [pyatspi.stateToString(s) for s in n.getState().getStates()]
            out.append((n, n.getRoleName(), n.name or "", states))
        except Exception:  # a node that went away while being read
            continue
    return out


def main():
    a = app()
    if a is None:
        print(json.dumps([]) if sys.argv[1] == "dump" else json.dumps({"error": "no app"}))
        return 3
    found = nodes(a)
    if sys.argv[1] == "dump":
        print(json.dumps([{"role": r, "name": n, "states": s} for _, r, n, s in found]))
        return 0
    if sys.argv[1] == "press":
        target = sys.argv[2]
        for node, role, name, _ in found:
            if name == target and role.endswith("button"):
                action = node.queryAction()
                names = [action.getName(i) for i in range(action.nActions)]
                action.doAction(0)
                print(json.dumps({"pressed": name, "role": role, "actions": names}))
                return 0
        print(json.dumps({"error": "no button named " + target}))
        return 4
    return 2


if __name__ == "__main__":
    sys.exit(main())
