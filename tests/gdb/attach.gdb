set pagination off
set confirm off
set width 0
info cuda kernels
info cuda threads
cuda thread (0,0,0)
print *flag
print threadIdx
detach
