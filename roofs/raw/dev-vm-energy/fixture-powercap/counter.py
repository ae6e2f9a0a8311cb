# Writes a powercap counter that grows at 35 W and wraps, every millisecond.
import time, os
path = os.path.join(os.environ.get("ROOFLINE_POWERCAP_ROOT", "/tmp/pc"), "intel-rapl:0", "energy_uj")
rng = 262143328850
t0 = time.time()
start = rng - 20_000_000  # wraps after ~0.6 s
while True:
    e = (start + int((time.time() - t0) * 35e6)) % rng
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        f.write(f"{e}\n")
    os.replace(tmp, path)
    time.sleep(0.001)
