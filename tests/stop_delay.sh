# Sourced by count_kill_resume.sh and solve_kill_resume.sh: when to stop each run. A stop comes
# after a random 100..span milliseconds. span starts at MAX_MS (the caller's max_ms). Under load (a
# sanitizer build beside other work) a run can be stopped before it has written its first
# checkpoint, so while none exists span doubles after each run, to at most 16 times MAX_MS, and
# once one exists it is MAX_MS again.
span=$max_ms

# Sleeps until the next stop is due.
sleep_before_stop() {
    local ms=$((100 + RANDOM * RANDOM % (span - 99)))
    sleep "$(printf '%d.%03d' $((ms / 1000)) $((ms % 1000)))"
}

# After a run: $1 is the checkpoint's path, present or not.
next_span() {
    if [ -e "$1" ]; then
        span=$max_ms
    elif [ "$span" -lt $((16 * max_ms)) ]; then
        span=$((span * 2))
    fi
}
