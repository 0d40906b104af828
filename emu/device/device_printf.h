// Output of device printf. As on the device, what kernels print is buffered and written to
// stdout at the host's synchronisation points (cudaDeviceSynchronize, cudaStreamSynchronize,
// cudaEventSynchronize, blocking copies: every DeviceQueue::waitFor) and at exit (the queue
// drains then), so it lands after host output printed before the sync, as with nvcc. One
// printf call is one unit: lines never interleave. Lines are written in a repeatable order
// (launch, block, warp, call, lane; device_printf.cpp), not in the order parallel blocks made them.
#pragma once

namespace loom::device {

void flushPrintfBuffer();

}  // namespace loom::device
