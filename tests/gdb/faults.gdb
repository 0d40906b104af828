set pagination off
set confirm off
set width 0
run
cuda thread
bt
info cuda threads
print threadIdx
continue
