#!/usr/bin/env python3
"""Download times of `lurobotsim brick` against NQC through the same `serve --pty` (the
serial tower's framing with echo), for BENCHMARKS.md ("The real RCX").

    python3 benches/brick/measure.py [--bin target/release/lurobotsim] [--pairs 10]

Measures, interleaved in pairs (the machine is shared): the line follower
(assets/examples/line_follower.lasm, assembled to .rcx for NQC) with `brick download` and
`nqc -TRCX2 -S<pty> -d`; a 16 KB synthetic firmware image (no LEGO firmware is shipped)
with `brick firmware` and `nqc -firmware` (and `-firmfast`, once). From `serve --capture`
it counts the bytes each tool put on the wire (host frames + replies: the tower's echo is
not IR traffic) and what they take at 2400 baud 8O1 (11 bits a byte), since a pty has no
baud rate and delivers at once.
"""
import argparse, os, statistics, subprocess, sys, tempfile, time

def srec(data):
    def rec(t, addr, d):
        body = bytes([len(d) + 3, addr >> 8, addr & 0xff]) + d
        ck = (~sum(body)) & 0xff
        return "S%d%s%02X\n" % (t, body.hex().upper(), ck)
    out = rec(0, 0, b"bench")
    for k in range(0, len(data), 32):
        out += rec(1, 0x8000 + k, data[k:k + 32])
    return out + rec(9, 0x8000, b"")

def tx_bytes(capture, start_line):
    """Bytes the brick side sent (echo + replies) and received since line `start_line`."""
    rx = tx = 0
    with open(capture) as f:
        lines = f.readlines()
    for l in lines[start_line:]:
        parts = l.split()
        kind = next((k for k in parts[1:6] if k in ("RX", "TX")), None)
        if kind:
            n = len(parts) - parts.index(kind) - 1
            if kind == "RX":
                rx += n
            else:
                tx += n
    return rx, tx, len(lines)

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="target/release/lurobotsim")
    ap.add_argument("--pairs", type=int, default=10)
    a = ap.parse_args()
    d = tempfile.mkdtemp(prefix="brick-bench-")
    pty, cap = os.path.join(d, "rcx"), os.path.join(d, "cap.log")
    serve = subprocess.Popen([a.bin, "serve", "--headless", "--listen", "127.0.0.1:0",
                              "--pty", pty, "--capture", cap],
                             stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while not os.path.exists(pty):
            time.sleep(0.05)
        lf = os.path.join(d, "lf.rcx")
        subprocess.run([a.bin, "lasm", "asm", "assets/examples/line_follower.lasm", "-o", lf],
                       check=True)
        # The program's bytes, as `brick download` reports them.
        out = subprocess.run([a.bin, "brick", "download", lf, "--port", pty],
                             check=True, capture_output=True, text=True).stdout
        prog_bytes = int(out.split("downloaded ")[1].split()[0])
        fw = os.path.join(d, "fw.lgo")
        with open(fw, "w") as f:
            f.write(srec(bytes((i * 13 + i // 251) & 0xff for i in range(16 * 1024))))
        tools = {
            "download": {
                "lurobotsim": [a.bin, "brick", "download", lf, "--port", pty],
                "nqc": ["nqc", "-TRCX2", "-S" + pty, "-d", lf],
            },
            "firmware": {
                "lurobotsim": [a.bin, "brick", "firmware", fw, "--port", pty],
                "nqc": ["nqc", "-TRCX2", "-S" + pty, "-firmware", fw],
            },
        }
        for job, cmds in tools.items():
            times = {k: [] for k in cmds}
            wire = {}
            pairs = a.pairs if job == "download" else max(4, a.pairs // 3)
            for i in range(pairs):
                order = list(cmds) if i % 2 == 0 else list(reversed(list(cmds)))
                for name in order:
                    _, _, start = tx_bytes(cap, 0)
                    t0 = time.perf_counter()
                    r = subprocess.run(cmds[name], capture_output=True, text=True)
                    dt = time.perf_counter() - t0
                    if r.returncode != 0:
                        print(f"{job} {name} failed: {r.stdout}{r.stderr}", file=sys.stderr)
                        continue
                    times[name].append(dt)
                    time.sleep(0.2)  # the capture's last lines
                    wire[name] = tx_bytes(cap, start)[:2]
            size = prog_bytes if job == "download" else 16 * 1024
            for name in cmds:
                t = times[name]
                rx, tx = wire.get(name, (0, 0))
                print(f"{job:9} {name:11} median {statistics.median(t)*1000:8.1f} ms "
                      f"(min {min(t)*1000:.1f}, max {max(t)*1000:.1f}, n={len(t)}); "
                      f"host sent {rx} B, brick side sent {tx} B incl. echo; on the IR "
                      f"{tx} B = {tx/size:.2f} B per {job} byte = {tx*11/2400:.1f} s at 2400 baud")
        _, _, start = tx_bytes(cap, 0)
        t0 = time.perf_counter()
        r = subprocess.run(["nqc", "-TRCX2", "-S" + pty, "-firmfast", fw],
                           capture_output=True, text=True)
        print(f"nqc -firmfast: exit {r.returncode} after {time.perf_counter()-t0:.1f} s: "
              f"{(r.stdout + r.stderr).strip()[:200]}")
    finally:
        serve.terminate()
        serve.wait()

if __name__ == "__main__":
    main()
