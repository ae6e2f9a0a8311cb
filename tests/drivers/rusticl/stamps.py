#!/usr/bin/python3
# The four profiling stamps (QUEUED, SUBMIT, START, END, in ns) of three
# blocking 4-byte writes on each device of the platform named by the first
# argument (default: rusticl). Run: RUSTICL_ENABLE=llvmpipe ./stamps.py rusticl
import sys

import numpy as np
import pyopencl as cl

name = sys.argv[1] if len(sys.argv) > 1 else "rusticl"
for platform in cl.get_platforms():
    if name.lower() not in platform.name.lower():
        continue
    for device in platform.get_devices():
        context = cl.Context([device])
        queue = cl.CommandQueue(context, properties=cl.command_queue_properties.PROFILING_ENABLE)
        buffer = cl.Buffer(context, cl.mem_flags.READ_WRITE, 4)
        print(f"device: {device.name} (platform {platform.name})  QUEUED SUBMIT START END")
        for _ in range(3):
            event = cl.enqueue_copy(queue, buffer, np.zeros(1, np.uint32))
            event.wait()
            p = event.profile
            print(f"  write 4 B  {p.queued} {p.submit} {p.start} {p.end}")
