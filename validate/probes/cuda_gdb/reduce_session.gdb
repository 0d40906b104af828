set pagination off
set confirm off
set width 0
set breakpoint pending on
break reduce_shared
run
break reduce.cu:78 if blockIdx.x == 1 && threadIdx.x == 5
delete 1
continue
info cuda kernels
info cuda blocks
info cuda threads
cuda thread
print threadIdx
print blockIdx
print blockDim
print gridDim
print warpSize
print tid
print offset
print s_y[5]
info locals
bt
next
cuda thread
print offset
cuda block (1,0,0) thread (3,0,0)
cuda thread
print tid
cuda warp 1 lane 2
cuda thread
print threadIdx
cuda kernel
step
finish
delete
continue
