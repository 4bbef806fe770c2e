#!/usr/bin/env bash
# Generates the demo media the player plays in development, tests and e2e:
# synthetic "films" made only from ffmpeg's lavfi sources (no footage, no
# licences), packaged as HLS with fMP4 segments under media/demo/<slug>/, plus
# media/demo/manifest.json and media/demo/README.md.
#
# The output is committed, so a fresh machine needs no ffmpeg; run this only to
# change the media:  npm run media:demo   (= bash scripts/make-demo-media.sh)
#
# Needs ffmpeg + ffprobe with libx264, libfreetype (drawtext) and the native AAC
# encoder (Debian's ffmpeg has them), and the DejaVu fonts (fonts-dejavu-core).
# Idempotent: builds into a temporary folder, then replaces media/demo whole.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/media/demo"
FONT="${DEMO_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}"
FONT_BOLD="${DEMO_FONT_BOLD:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
[[ -f "$FONT_BOLD" ]] || FONT_BOLD="$FONT"

FPS=25
GOP=$((FPS * 2))   # a keyframe exactly every 2 s
SEG=4              # 4-second segments = 2 GOPs each

# name width height crf maxrate bufsize level
RENDITIONS=(
  "360p 640 360 26 400k 400k 3.0"
  "720p 1280 720 26 1000k 1000k 3.1"
)
AUDIO_BITRATE=96k

for tool in ffmpeg ffprobe awk od grep; do
  command -v "$tool" >/dev/null || { echo "make-demo-media: '$tool' is required" >&2; exit 1; }
done
[[ -f "$FONT" ]] || { echo "make-demo-media: font not found: $FONT (apt-get install fonts-dejavu-core)" >&2; exit 1; }
ffmpeg -hide_banner -filters 2>/dev/null | grep ' drawtext ' >/dev/null \
  || { echo "make-demo-media: this ffmpeg has no drawtext filter (needs libfreetype)" >&2; exit 1; }

mkdir -p "$ROOT/media"
WORK="$(mktemp -d "$ROOT/media/.demo-build.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

# ---------------------------------------------------------------- audio ----
# A soft stereo pad (three sines, slowly breathing, right channel detuned a
# little for width) plus a bell-like melody whose notes start and end at zero
# amplitude, so note changes never click. Peaks stay around -12 dBFS.
#   audio_expr <notes-per-second> "<pad f1 f2 f3>" "<melody freqs...>"
audio_expr() {
  local rate="$1" pad="$2" melody="$3"
  local -a p m
  read -r -a p <<<"$pad"
  read -r -a m <<<"$melody"
  local n=${#m[@]} i sel
  sel="${m[$((n - 1))]}"
  for ((i = n - 2; i >= 0; i--)); do sel="if(eq(ld(0),$i),${m[$i]},$sel)"; done
  local env="pow(sin(PI*ld(1)),2)*exp(-2.5*ld(1))"
  local breathe="(0.75+0.25*sin(2*PI*t/8))"
  local ch detune out=""
  for detune in 1 1.003; do
    ch="st(0,mod(floor(t*$rate),$n));st(1,t*$rate-floor(t*$rate));"
    ch+="0.035*$breathe*(sin(2*PI*${p[0]}*$detune*t)+sin(2*PI*${p[1]}*$detune*t)+sin(2*PI*${p[2]}*$detune*t))"
    ch+="+0.11*$env*sin(2*PI*$sel*t)"
    out+="${out:+|}$ch"
  done
  printf '%s' "$out"
}

# ---------------------------------------------------------------- video ----
# Each builder prints the body of a filtergraph that ends in the label [pic]
# (1280x720, $FPS fps, yuv420p) for a clip of $1 seconds.

video_aurora() {
  # night sky, still stars, and green curtains: a slowly scrolling rule-30
  # automaton smeared vertically and cross-faded, so each column shimmers
  local d="$1"
  cat <<EOF
gradients=s=1280x720:r=$FPS:d=$d:n=3:c0=0x01040f:c1=0x041a33:c2=0x0a2e3a:speed=0.006:seed=11,format=gbrp[sky];
life=s=426x240:r=$FPS:rule=B/S012345678:seed=9:ratio=0.004:life_color=0xdde6ff:death_color=black,
  scale=1280:720:flags=neighbor,gblur=sigma=1,format=gbrp[stars];
cellauto=s=128x72:r=2:rule=30:seed=5:ratio=0.4:scroll=1:full=1,scale=1280:720:flags=neighbor,fps=$FPS,tmix=frames=12,
  gblur=sigma=10:sigmaV=90,format=gbrp,lutrgb=r=val*0.35:g=val*1.1:b=val*0.75[curtain];
gradients=s=1280x720:r=$FPS:d=$d:n=2:c0=white:c1=0x202020:x0=640:y0=80:x1=640:y1=620:speed=0.00001:seed=13,format=gbrp[fall];
[curtain][fall]blend=all_mode=multiply[lit];
[sky][stars]blend=all_mode=screen[night];
[night][lit]blend=all_mode=screen,format=yuv420p,
  hue=h=35*sin(2*PI*t/20):s=1.2,vignette=PI/5[pic]
EOF
}

video_metropolis() {
  # a dusk skyline whose windows are lit by Conway's Game of Life, and a train
  local d="$1" towers="" b bx by bw
  for b in "20 300 150" "190 180 120" "330 380 170" "520 120 110" "650 260 190" "860 340 130" "1010 200 140" "1170 420 100"; do
    read -r bx by bw <<<"$b"   # left edge, roof, width
    towers+="${towers:++}between(X,$bx,$((bx + bw - 1)))*gte(Y,$by)"
  done
  cat <<EOF
gradients=s=1280x720:r=$FPS:d=$d:n=3:c0=0x160a33:c1=0x6b1f5c:c2=0xff7a3d:x0=640:y0=0:x1=640:y1=720:speed=0.00001:seed=3,format=yuv420p[sky];
life=s=160x90:r=5:rule=B3/S23:seed=42:ratio=0.22:mold=12:life_color=0xffd98a:death_color=0x14141c:mold_color=0x3a3450,
  scale=1280:720:flags=neighbor,fps=$FPS,format=yuva420p[lights];
color=c=black:s=1280x720:r=$FPS:d=1,trim=end_frame=1,format=gray,
  geq=lum='255*gte($towers,1)',loop=loop=-1:size=1,setpts=N/$FPS/TB[mask];
[lights][mask]alphamerge[city];
[sky][city]overlay=format=auto,
  drawbox=y=556:w=iw:h=6:c=0x0c0c12:t=fill,
  drawbox=x='mod(t*180,1600)-300':y=528:w=280:h=28:c=0xfff3c0@0.9:t=fill,
  hue=h=12*sin(2*PI*t/24),format=yuv420p[pic]
EOF
}

video_meadow() {
  # rolling hills strewn with flowers, drifting clouds and a sun crossing the
  # sky; the hills, flowers, clouds and sun are drawn once with geq and looped
  local d="$1"
  local front='(520+50*sin(X/300)+15*sin(X/90+2))' back='(440+35*sin(X/210+1.3))'
  local flower='gt(mod(sin(floor(X/5)*12.9898+floor(Y/5)*78.233)*43758.5453,1),0.988)'
  local pink='gt(mod(sin(floor(X/5)*3.7+floor(Y/5)*9.1)*1000,1),0.5)'
  local blobs="" b bx by sx sy
  for b in "180 90 9000 900" "260 70 6000 700" "700 150 14000 1000" "800 125 7000 800" "1100 60 8000 600"; do
    read -r bx by sx sy <<<"$b"
    blobs+="${blobs:++}exp(-(pow(mod(X,1280)-$bx,2)/$sx+pow(Y-$by,2)/$sy))"
  done
  cat <<EOF
gradients=s=1280x720:r=$FPS:d=$d:n=3:c0=0x2f6fc0:c1=0x7fb6e6:c2=0xf4e3b0:x0=640:y0=0:x1=640:y1=470:speed=0.00001:seed=17,format=yuv420p[sky];
color=c=black:s=240x240:r=$FPS:d=1,trim=end_frame=1,format=rgba,
  geq=r=255:g=236:b=170:a='255*min(1,max(0,1.4-hypot(X-120,Y-120)/40)+0.55*exp(-pow(hypot(X-120,Y-120)/75,2)))',
  loop=loop=-1:size=1,setpts=N/$FPS/TB,format=yuva420p[sun];
color=c=white:s=2560x260:r=$FPS:d=1,trim=end_frame=1,format=rgba,
  geq=r=255:g=255:b=255:a='255*min(1,0.9*($blobs))',
  loop=loop=-1:size=1,setpts=N/$FPS/TB,format=yuva420p[clouds];
color=c=black:s=1280x720:r=$FPS:d=1,trim=end_frame=1,format=rgba,
  geq=r='if(gt(Y,$front),if($flower,if($pink,250,255),60),105)':g='if(gt(Y,$front),if($flower,if($pink,120,220),150-(Y-520)*0.12),172-(Y-420)*0.1)':b='if(gt(Y,$front),if($flower,if($pink,170,90),44),70)':a='255*gt(Y,$back)',
  loop=loop=-1:size=1,setpts=N/$FPS/TB,format=yuva420p[hills];
[sky][sun]overlay=x='60+t*19':y='230-170*sin(PI*t/$d)':format=yuv420[s1];
[s1][clouds]overlay=x='-mod(n,1280)':y=30:format=yuv420[s2];
[s2][hills]overlay=format=yuv420,vignette=PI/6[pic]
EOF
}

video_teaser() {
  # trailer-like: leader bars, quick cuts through the three features' worlds,
  # then a title card from 14 s on
  local d="$1"
  cat <<EOF
smptehdbars=s=1280x720:r=$FPS:d=2,format=yuv420p[c0];
gradients=s=1280x720:r=$FPS:d=4:type=spiral:n=4:c0=0x0a2e3a:c1=0x2aa876:c2=0x041a33:c3=0x7a3db8:speed=0.03:seed=21,format=yuv420p[c1];
life=s=160x90:r=6:seed=7:ratio=0.3:mold=20:life_color=0xffd98a:death_color=0x160a33:mold_color=0x6b1f5c,
  scale=1280:720:flags=neighbor,fps=$FPS,trim=duration=4,format=yuv420p[c2];
mandelbrot=s=640x360:r=$FPS:maxiter=256:start_scale=3:end_scale=1.2:end_pts=100:outer=normalized_iteration_count:inner=mincol,
  trim=duration=4,setpts=PTS-STARTPTS,scale=1280:720,format=yuv420p,hue=H=1.9[c3];
gradients=s=1280x720:r=$FPS:d=$((d - 14)):type=radial:n=2:c0=0x3a1d0a:c1=0x05050a:x0=640:y0=360:x1=1280:y1=720:speed=0.00001:seed=19,format=yuv420p[c4];
[c0][c1][c2][c3][c4]concat=n=5:v=1:a=0,
  drawtext=fontfile='$FONT_BOLD':text='СКОРО НА ЭКРАНЕ':fontsize=84:fontcolor=white:borderw=3:bordercolor=black@0.6:x=(w-tw)/2:y=(h-th)/2-30:alpha='min(1,(t-14)/1.5)':enable='gte(t,14)'[pic]
EOF
}

# ----------------------------------------------------------- one asset ----
# make_asset <slug> <kind> <seconds> <title> <notes/s> "<pad chord>" "<melody>"
make_asset() {
  local slug="$1" kind="$2" d="$3" title="$4" rate="$5" pad="$6" melody="$7"
  local dir="$WORK/$slug" graph="$WORK/$slug.filtergraph"
  mkdir -p "$dir"
  echo "make-demo-media: $slug ($kind, ${d}s)" >&2

  local fade_out
  fade_out="$(awk -v d="$d" 'BEGIN { printf "%.2f", d - 1.2 }')"
  local nr=${#RENDITIONS[@]}
  {
    "video_$slug" "$d"
    printf ';\n[pic]fade=t=in:st=0:d=1,fade=t=out:st=%s:d=1.2,\n' "$fade_out"
    printf "  drawtext=fontfile='%s':text='Экран · демо · %s':fontsize=34:fontcolor=white:x=40:y=h-th-40:box=1:boxcolor=black@0.5:boxborderw=12,\n" "$FONT" "$title"
    printf "  drawtext=fontfile='%s':text='%%{pts\\\\:hms}':fontsize=28:fontcolor=white:x=w-tw-40:y=40:box=1:boxcolor=black@0.5:boxborderw=10,\n" "$FONT"
    printf '  split=%d' "$nr"
    local i
    for ((i = 0; i < nr; i++)); do printf '[v%d]' "$i"; done
    printf ';\n'
    for ((i = 0; i < nr; i++)); do
      local -a r
      read -r -a r <<<"${RENDITIONS[$i]}"
      if [[ ${r[1]} == 1280 ]]; then
        printf '[v%d]null[o%d];\n' "$i" "$i"
      else
        printf '[v%d]scale=%d:%d:flags=lanczos[o%d];\n' "$i" "${r[1]}" "${r[2]}" "$i"
      fi
    done
    printf "aevalsrc=exprs='%s':s=48000:c=stereo:d=%s,\n" "$(audio_expr "$rate" "$pad" "$melody")" "$d"
    printf '  aecho=0.8:0.6:90|180:0.25|0.15,lowpass=f=6000,afade=t=in:st=0:d=1.5,afade=t=out:st=%s:d=1.2,\n' "$fade_out"
    printf '  asplit=%d' "$nr"
    for ((i = 0; i < nr; i++)); do printf '[a%d]' "$i"; done
    printf '\n'
  } >"$graph"

  local -a args=(-hide_banner -loglevel error -nostdin -y -filter_complex_script "$graph")
  local i
  for ((i = 0; i < nr; i++)); do
    local -a r
    read -r -a r <<<"${RENDITIONS[$i]}"
    mkdir -p "$dir/${r[0]}"
    args+=(
      -map "[o$i]" -map "[a$i]" -t "$d"
      # one x264 thread: with frame threads the VBV cap makes the output vary run to
      # run; single-threaded, regenerating gives byte-identical files (no git churn)
      -c:v libx264 -threads 1 -profile:v main -level:v "${r[6]}" -preset slow -tune animation
      -crf "${r[3]}" -maxrate "${r[4]}" -bufsize "${r[5]}" -pix_fmt yuv420p -r "$FPS"
      -g "$GOP" -keyint_min "$GOP" -sc_threshold 0 -force_key_frames "expr:gte(t,n_forced*2)"
      -c:a aac -profile:a aac_low -b:a "$AUDIO_BITRATE" -ar 48000 -ac 2
      -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact
      -f hls -hls_time "$SEG" -hls_segment_type fmp4 -hls_playlist_type vod
      -hls_flags independent_segments -hls_fmp4_init_filename init.mp4
      -hls_segment_filename "${r[0]}/seg_%03d.m4s" "${r[0]}/index.m3u8"
    )
  done
  (cd "$dir" && ffmpeg "${args[@]}")
  rm -f "$graph"

  write_master "$slug" "$kind"
}

# ----------------------------------------- master playlist + manifest -----
# RFC 8216 codec string from the real encode: avc1.PPCCLL from the avcC box of
# init.mp4 (profile_idc, constraint flags, level_idc), mp4a.40.2 for AAC-LC.
avc_codec() {
  local init="$1" off
  off="$(grep -m1 -obUa 'avcC' "$init" | cut -d: -f1)"
  [[ -n "$off" ]] || { echo "make-demo-media: no avcC box in $init" >&2; exit 1; }
  # 'avcC' (4 bytes) then configurationVersion (1), then the three bytes we want
  printf 'avc1.%s' "$(od -An -tx1 -j $((off + 5)) -N3 "$init" | tr -d ' \n')"
}

probe() { # probe <rendition dir> <stream spec> <entries>: init + first segment
  cat "$1/init.mp4" "$1/seg_000.m4s" >"$WORK/probe.mp4"
  ffprobe -v error -select_streams "$2" -show_entries "stream=$3" -of default=nw=1:nk=1 "$WORK/probe.mp4"
  rm -f "$WORK/probe.mp4"
}

MANIFEST_ENTRIES=()

write_master() {
  local slug="$1" kind="$2" dir="$WORK/$slug"
  local master="$dir/master.m3u8" renditions_json="" duration=""
  printf '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-INDEPENDENT-SEGMENTS\n' >"$master"
  local spec
  for spec in "${RENDITIONS[@]}"; do
    local -a r
    read -r -a r <<<"$spec"
    local name="${r[0]}" rdir="$dir/${r[0]}"
    local vinfo ainfo width height fps vprofile aprofile arate achannels
    vinfo="$(probe "$rdir" v:0 codec_name,profile,width,height,pix_fmt,avg_frame_rate | paste -sd' ')"
    ainfo="$(probe "$rdir" a:0 codec_name,profile,sample_rate,channels | paste -sd' ')"
    read -r _ vprofile width height _ fps <<<"$vinfo"
    read -r _ aprofile arate achannels <<<"$ainfo"
    [[ "$vinfo" == h264\ *\ yuv420p\ * ]] || { echo "make-demo-media: unexpected video in $rdir: $vinfo" >&2; exit 1; }
    [[ "$ainfo" == "aac LC 48000 2" ]] || { echo "make-demo-media: unexpected audio in $rdir: $ainfo" >&2; exit 1; }

    local codecs
    codecs="$(avc_codec "$rdir/init.mp4"),mp4a.40.2"

    # BANDWIDTH = peak segment bit rate, AVERAGE-BANDWIDTH = mean over the
    # whole rendition (RFC 8216 4.3.4.2), both measured on the files written.
    local stats peak avg
    stats="$(
      awk -v dir="$rdir" '
        /^#EXTINF:/ { sub(/^#EXTINF:/, ""); sub(/,.*/, ""); dur = $0 + 0; next }
        /^[^#]/ && NF {
          cmd = "wc -c < \"" dir "/" $0 "\""; cmd | getline bytes; close(cmd)
          rate = bytes * 8 / dur; if (rate > peak) peak = rate
          total_bytes += bytes; total_dur += dur
        }
        END { printf "%d %d %.3f", peak + 0.999, total_bytes * 8 / total_dur + 0.999, total_dur }
      ' "$rdir/index.m3u8"
    )"
    read -r peak avg duration <<<"$stats"

    local frame_rate
    frame_rate="$(awk -v f="$fps" 'BEGIN { split(f, p, "/"); printf "%.3f", p[1] / (p[2] ? p[2] : 1) }')"
    printf '#EXT-X-STREAM-INF:BANDWIDTH=%s,AVERAGE-BANDWIDTH=%s,RESOLUTION=%sx%s,FRAME-RATE=%s,CODECS="%s"\n%s/index.m3u8\n' \
      "$peak" "$avg" "$width" "$height" "$frame_rate" "$codecs" "$name" >>"$master"

    renditions_json+="${renditions_json:+,}
      { \"name\": \"$name\", \"width\": $width, \"height\": $height, \"bandwidth\": $peak, \"codecs\": \"$codecs\", \"playlist\": \"$name/index.m3u8\" }"
    echo "  $name: ${width}x${height} $vprofile $codecs BANDWIDTH=$peak AVERAGE-BANDWIDTH=$avg" >&2
  done

  # Duration as ffprobe reads it through the HLS demuxer (the sum of EXTINF).
  local probed
  probed="$(ffprobe -v error -show_entries format=duration -of default=nw=1:nk=1 "$dir/${RENDITIONS[0]%% *}/index.m3u8")"
  duration="$(awk -v d="$probed" 'BEGIN { printf "%.3f", d }' | sed -e 's/0*$//' -e 's/\.$//')"

  MANIFEST_ENTRIES+=("  {
    \"slug\": \"$slug\",
    \"kind\": \"$kind\",
    \"durationSeconds\": $duration,
    \"renditions\": [$renditions_json
    ]
  }")
}

# ------------------------------------------------------------- the set ----
#           slug        kind     secs title         notes/s pad chord (Hz)        melody (Hz)
make_asset aurora     feature  48 "Аврора"     1.0 "220 261.63 329.63" "440 523.25 659.25 587.33 523.25 493.88 440 392"
make_asset metropolis feature  48 "Метрополис" 2.0 "146.83 174.61 220" "293.66 349.23 440 349.23 293.66 261.63 293.66 220"
make_asset meadow     feature  48 "Луг"        1.5 "196 246.94 293.66" "392 440 493.88 587.33 659.25 587.33 493.88 440"
make_asset teaser     trailer  20 "Трейлер"    2.0 "174.61 220 261.63" "349.23 440 523.25 698.46 523.25 440 349.23 440"

{
  printf '[\n'
  for ((i = 0; i < ${#MANIFEST_ENTRIES[@]}; i++)); do
    printf '%s' "${MANIFEST_ENTRIES[$i]}"
    ((i < ${#MANIFEST_ENTRIES[@]} - 1)) && printf ','
    printf '\n'
  done
  printf ']\n'
} >"$WORK/manifest.json"

cat >"$WORK/README.md" <<'EOF'
# Demo media

Synthetic demo "films" for the player: three 48-second features (`aurora`, `metropolis`, `meadow`) and a 20-second trailer (`teaser`). They are made entirely from ffmpeg's lavfi generators (gradients, cellular automata, the Game of Life, a Mandelbrot zoom, test patterns) with a burned-in Russian caption and timecode and a soft synthesized stereo soundtrack, so they carry no licensing questions. Each is HLS with fMP4 segments: `<slug>/master.m3u8` lists a 640x360 and a 1280x720 rendition (H.264 Main + AAC-LC 48 kHz stereo, a keyframe every 2 s, 4-second segments), and `manifest.json` describes every asset (kind, duration, renditions with resolution, bandwidth and codecs), as measured with ffprobe. The files are committed so that a fresh machine, CI and the e2e tests need no ffmpeg; to change them, edit and run `scripts/make-demo-media.sh` with `npm run media:demo` (which runs `bash scripts/make-demo-media.sh`; it needs ffmpeg, ffprobe and the DejaVu fonts, deletes this folder and regenerates all of it), then run `scripts/demo-media.test.ts` and commit the result.
EOF

rm -rf "$OUT"
mv "$WORK" "$OUT"
trap - EXIT
echo "make-demo-media: wrote $(du -sh "$OUT" | cut -f1) to ${OUT#"$ROOT"/}" >&2
