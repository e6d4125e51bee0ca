#!/bin/bash
# film_scroll.sh NAME CLASS FITKEY COMMAND... : under Xvfb on :98 (1280x800, a window manager
# running), starts COMMAND, sizes the window of CLASS to 1280x770, presses FITKEY (fit width;
# - for none), then films the screen at 60 fps for 7 s (NAME.mkv, lossless) while 100 wheel
# notches go down, one every 50 ms plus xdotool's own start (about 7 a second here).
# Example: scripts/film_scroll.sh zathura zathura s dbus-run-session zathura book.pdf
name=$1; class=$2; fitkey=$3; shift 3
export DISPLAY=:98
"$@" >$name.log 2>&1 &
sleep 4
for w in $(xdotool search --onlyvisible --class "$class" 2>/dev/null); do xdotool windowsize $w 1280 770 windowmove $w 0 0 windowfocus $w; done
sleep 1
xdotool mousemove 640 400
[ "$fitkey" != "-" ] && xdotool key "$fitkey"
sleep 1.5
ffmpeg -v error -y -f x11grab -framerate 60 -video_size 1280x800 -i :98 -t 7 -c:v libx264rgb -preset ultrafast -qp 0 $name.mkv &
ff=$!
sleep 1
# 5 s of wheel notches, 20 a second
for i in $(seq 1 100); do xdotool click 5; sleep 0.05; done
wait $ff
pkill -f "$class" ; sleep 0.5; pkill -9 -f "$class"
