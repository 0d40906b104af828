set pagination off
set confirm off
set width 0
run
info cuda threads
print threadIdx
cuda thread (0,0,0)
bt
print threadIdx
continue
