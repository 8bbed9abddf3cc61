#!/usr/bin/env python3
"""Writes the VI icon set: one SVG per kind (named by the kind's JSON string) from the
hand-drawn fragments below, then renders 48 px and 96 px PNGs with rsvg-convert.

Our own artwork, not ROBOLAB's: a tile coloured by family (motors blue, waits amber,
program flow violet, sound teal, data green, other grey), a dark outline, and one bold
symbol drawn on a 48-unit grid. The app draws port letters / numbers over the bottom-right
corner, so symbols keep that corner quiet. Run from anywhere: `python3 assets/icons/build.py`.
"""
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
INK = "#1d1d1f"

FAMILY = {
    "motor": "#5b9be0",
    "wait": "#f2b53a",
    "flow": "#a58be0",
    "sound": "#4cc3b2",
    "data": "#86cc70",
    "other": "#b4b4b4",
}

# Reusable parts -----------------------------------------------------------------------
MOTOR = f"""
  <rect x="7" y="9" width="22" height="17" rx="3" fill="#f4f4f4" stroke="{INK}" stroke-width="2"/>
  <rect x="29" y="13" width="5" height="9" fill="#d0d0d0" stroke="{INK}" stroke-width="2"/>
  <path d="M34 17.5h4" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
  <circle cx="13" cy="17.5" r="2" fill="{INK}"/>"""

BULB = """
  <path d="M24 7c-7 0-11.5 5-11.5 11 0 4.5 3 7 5 9.5v3.5h13v-3.5c2-2.5 5-5 5-9.5C35.5 12 31 7 24 7z"
        fill="{fill}" stroke="{ink}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M18 34.5h12M19 38h10" stroke="{ink}" stroke-width="2.2" stroke-linecap="round"/>"""

BUTTON = f"""
  <rect x="8" y="30" width="32" height="9" rx="2" fill="#f4f4f4" stroke="{INK}" stroke-width="2"/>"""

def bulb(fill, dx=0, dy=0, scale=1.0):
    return (f'<g transform="translate({dx} {dy}) scale({scale})">'
            + BULB.format(fill=fill, ink=INK) + "</g>")

def arrow(d, width=3.2):
    return (f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="{width}" '
            f'stroke-linecap="round" stroke-linejoin="round"/>')

def head(points):
    return f'<polygon points="{points}" fill="{INK}"/>'

# One symbol per kind ---------------------------------------------------------------------
ICONS = {
    "motor_forward": ("motor", MOTOR + arrow("M9 36h22") + head("30,30.5 39,36 30,41.5")),
    "motor_backward": ("motor", MOTOR + arrow("M17 36h22") + head("18,30.5 9,36 18,41.5")),
    "motor_stop": ("motor", f"""
  <polygon points="17,6 31,6 41,16 41,30 31,40 17,40 7,30 7,16" fill="#e0393e" stroke="{INK}" stroke-width="2"/>
  <rect x="13" y="19.5" width="22" height="7" rx="1.5" fill="#ffffff"/>"""),
    "motor_float": ("motor", MOTOR + f"""
  <path d="M8 34c3-3 5-3 8 0s5 3 8 0 5-3 8 0" fill="none" stroke="{INK}" stroke-width="2.6" stroke-linecap="round"/>
  <path d="M8 40c3-3 5-3 8 0s5 3 8 0 5-3 8 0" fill="none" stroke="{INK}" stroke-width="2.6" stroke-linecap="round"/>"""),
    "wait_time": ("wait", f"""
  <path d="M13 7h22M13 41h22" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
  <path d="M15 8c0 9 7 11 7 16s-7 7-7 16h18c0-9-7-11-7-16s7-7 7-16z" fill="#fff7e0" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M18 13h12c-1 4-6 6-6 8-0-2-5-4-6-8z" fill="#c98a12"/>
  <path d="M17.5 38c1-4 6.5-6 6.5-9 0 3 5.5 5 6.5 9z" fill="#c98a12"/>"""),
    "wait_push": ("wait", BUTTON + f"""
  <rect x="17" y="22" width="14" height="8" fill="#d0d0d0" stroke="{INK}" stroke-width="2"/>
  {arrow("M24 4v11")}{head("18,13 30,13 24,20")}"""),
    "wait_letgo": ("wait", BUTTON + f"""
  <rect x="17" y="16" width="14" height="14" fill="#d0d0d0" stroke="{INK}" stroke-width="2"/>
  {arrow("M24 14v-7")}{head("18,8 30,8 24,2")}"""),
    "wait_dark": ("wait", bulb("#3a3a44")),
    "wait_light": ("wait", bulb("#fff36b") + f"""
  <path d="M5 18h3M40 18h3M9 6l2.5 2.5M39 6l-2.5 2.5" stroke="{INK}" stroke-width="2.4" stroke-linecap="round"/>"""),
    "wait_darker": ("wait", bulb("#8a8a70", -4, 3, 0.85) + f"""
  {arrow("M39 7v22")}{head("33,27 45,27 39,35")}
  <rect x="35" y="37" width="8" height="6" fill="#3a3a44" stroke="{INK}" stroke-width="1.5"/>"""),
    "wait_lighter": ("wait", bulb("#fff36b", -4, 3, 0.85) + f"""
  {arrow("M39 41v-22")}{head("33,21 45,21 39,13")}
  <rect x="35" y="4" width="8" height="6" fill="#fffbe0" stroke="{INK}" stroke-width="1.5"/>"""),
    "wait_rotation": ("wait", f"""
  <path d="M24 11a13 13 0 1 1-12.5 9.5" fill="none" stroke="{INK}" stroke-width="3.2" stroke-linecap="round"/>
  {head("6,22 17,22 10.5,13")}
  <path d="M24 18v12M18 24h12" stroke="{INK}" stroke-width="5" stroke-linecap="butt"/>
  <path d="M24 18v12M18 24h12" stroke="#f4f4f4" stroke-width="2" stroke-linecap="butt"/>"""),
    "touch_fork": ("flow", f"""
  <g transform="translate(0 -2)">{arrow("M4 30h9l8-9h12M21 39h12M13 30l8 9")}{head("32,16 40,21 32,26")}{head("32,34 40,39 32,44")}</g>
  <rect x="4" y="12" width="17" height="6" rx="1.5" fill="#f4f4f4" stroke="{INK}" stroke-width="1.8"/>
  <rect x="8.5" y="6" width="8" height="6" fill="#d0d0d0" stroke="{INK}" stroke-width="1.8"/>
  <polygon points="13,21 20,28 13,35 6,28" fill="#ffffff" stroke="{INK}" stroke-width="2"/>"""),
    "light_fork": ("flow", f"""
  <g transform="translate(0 -2)">{arrow("M4 30h9l8-9h12M21 39h12M13 30l8 9")}{head("32,16 40,21 32,26")}{head("32,34 40,39 32,44")}</g>
  <circle cx="12" cy="11" r="6" fill="#fff36b" stroke="{INK}" stroke-width="2"/>
  <path d="M9.5 19h5" stroke="{INK}" stroke-width="2" stroke-linecap="round"/>
  <polygon points="13,21 20,28 13,35 6,28" fill="#ffffff" stroke="{INK}" stroke-width="2"/>"""),
    "fork_merge": ("flow", f"""
  {arrow("M6 12h10l10 12M6 36h10l10-12M26 24h10")}{head("35,18 43,24 35,30")}
  <circle cx="26" cy="24" r="3.5" fill="#ffffff" stroke="{INK}" stroke-width="2"/>"""),
    "jump": ("flow", f"""
  <rect x="5" y="36" width="12" height="5" fill="#ffffff" stroke="{INK}" stroke-width="2"/>
  {arrow("M11 35c0-16 10-24 24-24")}{head("33,5 42,11 33,17")}"""),
    "land": ("flow", f"""
  <rect x="28" y="36" width="15" height="5" fill="#ffffff" stroke="{INK}" stroke-width="2"/>
  {arrow("M5 10c16 0 30 4 30 20")}{head("29,28 41,28 35,36")}"""),
    "loop": ("flow", f"""
  <path d="M14 7H7v34h7" fill="none" stroke="{INK}" stroke-width="3.5" stroke-linejoin="round"/>
  <path d="M35 21a10 10 0 1 0-3 9" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
  {head("36,13 41,23 31,22")}"""),
    "loop_end": ("flow", f"""
  <path d="M34 7h7v34h-7" fill="none" stroke="{INK}" stroke-width="3.5" stroke-linejoin="round"/>
  {arrow("M29 34H13V16h11")}{head("22,10 31,16 22,22")}"""),
    "task_split": ("flow", f"""
  {arrow("M4 24h8M12 24c6 0 6-11 12-11h9M12 24c6 0 6 11 12 11h9")}
  {head("32,8 41,13 32,18")}{head("32,30 41,35 32,40")}
  <circle cx="12" cy="24" r="4" fill="{INK}"/>"""),
    "play_sound": ("sound", f"""
  <polygon points="7,18 14,18 23,9 23,39 14,30 7,30" fill="#f4f4f4" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M28 18c3 3 3 9 0 12M32 13c6 6 6 16 0 22" fill="none" stroke="{INK}" stroke-width="2.8" stroke-linecap="round"/>"""),
    "play_tone": ("sound", f"""
  <ellipse cx="16" cy="35" rx="6.5" ry="5" transform="rotate(-20 16 35)" fill="{INK}"/>
  <path d="M21.5 34V9l15 4v6l-15-4" fill="none" stroke="{INK}" stroke-width="3" stroke-linejoin="round"/>
  <path d="M21.5 9l15 4v6l-15-4z" fill="{INK}"/>"""),
    "container": ("data", f"""
  <path d="M8 16l16-7 16 7v18l-16 7-16-7z" fill="#f3e2b8" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M8 16l16 7 16-7M24 23v18" fill="none" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>"""),
    "timer_reset": ("data", f"""
  <circle cx="24" cy="25" r="15" fill="#f4f4f4" stroke="{INK}" stroke-width="2.4"/>
  <path d="M24 25V14" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
  <path d="M20 4h8" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
  <path d="M36 13a15 15 0 0 0-8-3.5" fill="none" stroke="#c0392b" stroke-width="3" stroke-linecap="round"/>
  {head("28,5 28,14 21,9.5").replace(INK, "#c0392b")}
  <circle cx="24" cy="25" r="2.5" fill="{INK}"/>"""),
    "sensor_setup": ("data", f"""
  <rect x="6" y="8" width="20" height="15" rx="2" fill="#f4f4f4" stroke="{INK}" stroke-width="2"/>
  <circle cx="12" cy="15.5" r="2" fill="{INK}"/><circle cx="20" cy="15.5" r="2" fill="{INK}"/>
  <path d="M16 23c0 10 8 14 18 14" fill="none" stroke="{INK}" stroke-width="3" stroke-linecap="round"/>
  <rect x="32" y="31" width="10" height="12" rx="1.5" fill="#5a5a5a" stroke="{INK}" stroke-width="2"/>"""),
    "start_task": ("flow", f"""
  <polygon points="15,9 37,24 15,39" fill="#3fbf55" stroke="{INK}" stroke-width="2.4" stroke-linejoin="round"/>"""),
    "stop_task": ("flow", f"""
  <rect x="12" y="12" width="24" height="24" rx="2" fill="#e0393e" stroke="{INK}" stroke-width="2.4"/>"""),
    "subroutine": ("flow", f"""
  <rect x="6" y="8" width="36" height="32" rx="3" fill="#f4f4f4" stroke="{INK}" stroke-width="2"/>
  <path d="M6 15h36" stroke="{INK}" stroke-width="2"/>
  <rect x="13" y="21" width="22" height="4" rx="1" fill="{INK}"/>
  <rect x="13" y="29" width="15" height="4" rx="1" fill="{INK}"/>"""),
    "generic": ("other", f"""
  <path d="M10 6h20l8 8v28H10z" fill="#f4f4f4" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M30 6v8h8" fill="none" stroke="{INK}" stroke-width="2" stroke-linejoin="round"/>
  <path d="M15 20h18M15 26h14M15 32h18" stroke="{INK}" stroke-width="2.6" stroke-linecap="round"/>"""),
}

TEMPLATE = """<svg xmlns="http://www.w3.org/2000/svg" width="48" height="48" viewBox="0 0 48 48">
  <!-- lurobotsim VI icon "{kind}" (our own artwork; family: {family}) -->
  <rect x="1" y="1" width="46" height="46" rx="7" fill="{bg}" stroke="{ink}" stroke-width="2"/>{body}
</svg>
"""


def main():
    for kind, (family, body) in ICONS.items():
        svg = TEMPLATE.format(kind=kind, family=family, bg=FAMILY[family], ink=INK, body=body)
        path = os.path.join(HERE, kind + ".svg")
        with open(path, "w") as f:
            f.write(svg)
        for size, suffix in ((48, ""), (96, "@2x")):
            out = os.path.join(HERE, f"{kind}{suffix}.png")
            subprocess.run(["rsvg-convert", "-w", str(size), "-h", str(size), "-o", out, path],
                           check=True)
    print(f"{len(ICONS)} icons")


if __name__ == "__main__":
    main()
