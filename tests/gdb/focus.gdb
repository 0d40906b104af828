set pagination off
set confirm off
set width 0
break reduce.cu:78 if blockIdx.x == 1 && threadIdx.x == 5
run
cuda block (1,0,0) thread (3,0,0)
bt
info locals
print threadIdx
next
cuda thread
print tid
next
cuda thread
cuda thread (5,0,0)
print offset
print s_y[5]
step
cuda thread
print offset
info breakpoints
kill
