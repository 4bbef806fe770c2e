#!/usr/bin/env bash
# Generates the demo media the player plays in development, tests and e2e:
# synthetic "films" made only from ffmpeg's lavfi sources (no footage, no
# licences). This script makes the pictures and the sound as source files; the
# media pipeline (npm run media:ingest, apps/api/src/media) packages each one
# as it would a real film: the HLS ladder with fMP4 segments under
# media/demo/<slug>/, audio and subtitle renditions, scrub-bar thumbnails, and
# its entry in media/demo/manifest.json. It also writes media/demo/README.md.
#
# The output is committed, so a fresh machine needs no ffmpeg; run this only to
# change the media:  npm run media:demo   (= bash scripts/make-demo-media.sh)
#
# Needs ffmpeg + ffprobe with libx264, libfreetype (drawtext) and the native AAC
# encoder (Debian's ffmpeg has them), the DejaVu fonts (fonts-dejavu-core) and
# the repository's node_modules (tsx runs the pipeline).
# Idempotent: builds into a temporary folder, then replaces media/demo whole.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/media/demo"
FONT="${DEMO_FONT:-/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf}"
FONT_BOLD="${DEMO_FONT_BOLD:-/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf}"
[[ -f "$FONT_BOLD" ]] || FONT_BOLD="$FONT"

FPS=25
TSX="$ROOT/node_modules/.bin/tsx"
INGEST="$ROOT/apps/api/src/media/ingest-cli.ts"
# Packaging settings of the demo: the pipeline's ladder and 2-second keyframes,
# at a lower quality and a quarter of the ladder's rate caps so the committed
# folder stays small; one encoder thread so a rerun gives the same bytes.
PACKAGE=(--deterministic --preset medium --crf 30 --rate-factor 0.25 --audio-bitrate 64 --thumbnail-interval 2 --segment 4)

for tool in ffmpeg ffprobe awk; do
  command -v "$tool" >/dev/null || { echo "make-demo-media: '$tool' is required" >&2; exit 1; }
done
[[ -f "$FONT" ]] || { echo "make-demo-media: font not found: $FONT (apt-get install fonts-dejavu-core)" >&2; exit 1; }
[[ -x "$TSX" ]] || { echo "make-demo-media: $TSX is missing (npm install)" >&2; exit 1; }
ffmpeg -hide_banner -filters 2>/dev/null | grep ' drawtext ' >/dev/null \
  || { echo "make-demo-media: this ffmpeg has no drawtext filter (needs libfreetype)" >&2; exit 1; }

mkdir -p "$ROOT/media"
WORK="$(mktemp -d "$ROOT/media/.demo-build.XXXXXX")"
SRC="$WORK/.sources"
mkdir -p "$SRC"
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

# ---------------------------------------------------------- one source ----
# make_source <slug> <seconds> <title> <height> <notes/s> "<pad chord>" "<melody>"
# Writes $SRC/<slug>.mkv: the picture at <height> (720 or 1080) with the
# caption and a timecode burned in, and the soundtrack, nearly lossless (x264
# CRF 12, FLAC), the way a film arrives from a studio.
make_source() {
  local slug="$1" d="$2" title="$3" height="$4" rate="$5" pad="$6" melody="$7"
  local graph="$SRC/$slug.filtergraph" width=$((height * 16 / 9))
  # text sizes of the 720p layout, scaled to the height
  local s=$((height * 100 / 720))
  px() { echo $(($1 * s / 100)); }
  echo "make-demo-media: $slug source (${width}x${height}, ${d}s)" >&2
  local fade_out
  fade_out="$(awk -v d="$d" 'BEGIN { printf "%.2f", d - 1.2 }')"
  {
    "video_$slug" "$d"
    printf ';\n[pic]fade=t=in:st=0:d=1,fade=t=out:st=%s:d=1.2' "$fade_out"
    if [[ $height != 720 ]]; then printf ',scale=%d:%d:flags=lanczos' "$width" "$height"; fi
    printf ",\n  drawtext=fontfile='%s':text='Экран · демо · %s':fontsize=%d:fontcolor=white:x=%d:y=h-th-%d:box=1:boxcolor=black@0.5:boxborderw=%d,\n" \
      "$FONT" "$title" "$(px 34)" "$(px 40)" "$(px 40)" "$(px 12)"
    printf "  drawtext=fontfile='%s':text='%%{pts\\\\:hms}':fontsize=%d:fontcolor=white:x=w-tw-%d:y=%d:box=1:boxcolor=black@0.5:boxborderw=%d[v];\n" \
      "$FONT" "$(px 28)" "$(px 40)" "$(px 40)" "$(px 10)"
    printf "aevalsrc=exprs='%s':s=48000:c=stereo:d=%s,\n" "$(audio_expr "$rate" "$pad" "$melody")" "$d"
    printf '  aecho=0.8:0.6:90|180:0.25|0.15,lowpass=f=6000,afade=t=in:st=0:d=1.5,afade=t=out:st=%s:d=1.2[a]\n' "$fade_out"
  } >"$graph"
  ffmpeg -hide_banner -loglevel error -nostdin -y -filter_complex_script "$graph" -map '[v]' -map '[a]' -t "$d" \
    -c:v libx264 -threads 1 -preset veryfast -crf 12 -pix_fmt yuv420p -r "$FPS" -c:a flac \
    -map_metadata -1 -fflags +bitexact -flags:v +bitexact -flags:a +bitexact "$SRC/$slug.mkv"
  rm -f "$graph"
}

# make_dub <slug> <seconds> <notes/s> "<pad chord>" "<melody>": a second
# soundtrack in a file of its own (the «English» track of the demo).
make_dub() {
  local slug="$1" d="$2" rate="$3" pad="$4" melody="$5" fade_out
  fade_out="$(awk -v d="$d" 'BEGIN { printf "%.2f", d - 1.2 }')"
  ffmpeg -hide_banner -loglevel error -nostdin -y \
    -filter_complex "aevalsrc=exprs='$(audio_expr "$rate" "$pad" "$melody")':s=48000:c=stereo:d=$d,aecho=0.8:0.5:120:0.2,lowpass=f=5000,afade=t=in:st=0:d=1.5,afade=t=out:st=$fade_out:d=1.2[a]" \
    -map '[a]' -c:a flac -map_metadata -1 -fflags +bitexact -flags:a +bitexact "$SRC/$slug-en.flac"
}

# ingest <slug> <kind> [pipeline options...]: the media pipeline packages the
# source into $WORK/<slug> and adds its entry to $WORK/manifest.json.
ingest() {
  local slug="$1" kind="$2"
  shift 2
  echo "make-demo-media: packaging $slug" >&2
  if ! "$TSX" "$INGEST" "$SRC/$slug.mkv" --out "$WORK" --slug "$slug" --kind "$kind" "${PACKAGE[@]}" "$@"; then
    echo "make-demo-media: packaging $slug failed" >&2
    exit 1
  fi
}

# ------------------------------------------------------------- the set ----
#           slug        secs title        height notes/s pad chord (Hz)        melody (Hz)
make_source aurora     48 "Аврора"     1080 1.0 "220 261.63 329.63" "440 523.25 659.25 587.33 523.25 493.88 440 392"
make_source metropolis 48 "Метрополис"  720 2.0 "146.83 174.61 220" "293.66 349.23 440 349.23 293.66 261.63 293.66 220"
make_source meadow     48 "Луг"         720 1.5 "196 246.94 293.66" "392 440 493.88 587.33 659.25 587.33 493.88 440"
make_source teaser     20 "Трейлер"     720 2.0 "174.61 220 261.63" "349.23 440 523.25 698.46 523.25 440 349.23 440"
# Аврора's «English» soundtrack: the same chord, another tune.
make_dub aurora 48 1.0 "220 261.63 329.63" "329.63 392 440 523.25 440 392 329.63 293.66"

# Аврора's Russian subtitles, as SubRip (the pipeline converts them to WebVTT).
cat >"$SRC/aurora-ru.srt" <<'SRT'
1
00:00:01,500 --> 00:00:05,000
Полярная ночь. Над тундрой — ни облака.

2
00:00:06,000 --> 00:00:10,500
Смотри: небо начинает светиться.

3
00:00:12,000 --> 00:00:17,000
Это северное сияние —
частицы солнечного ветра в атмосфере.

4
00:00:20,000 --> 00:00:26,000
Зелёный цвет дают атомы кислорода
на высоте около ста километров.

5
00:00:30,000 --> 00:00:36,500
Говорят, если свистнуть, сияние ответит.

6
00:00:40,000 --> 00:00:45,000
Спокойной ночи.
SRT

ingest aurora feature --intro 1-9 --credits 43 \
  --audio "ru:0:Русский" --audio "en:$SRC/aurora-en.flac:English" --subtitles "ru:$SRC/aurora-ru.srt:Русские"
ingest metropolis feature --intro 0-6 --credits 44
ingest meadow feature --intro 1-7 --credits 44
ingest teaser trailer

cat >"$WORK/README.md" <<'README'
# Demo media

Synthetic demo "films" for the player: three 48-second features (`aurora`, `metropolis`, `meadow`) and a 20-second trailer (`teaser`). They are made entirely from ffmpeg's lavfi generators (gradients, cellular automata, the Game of Life, a Mandelbrot zoom, test patterns) with a burned-in Russian caption and timecode and a soft synthesized stereo soundtrack, so they carry no licensing questions.

`scripts/make-demo-media.sh` makes the sources (Аврора at 1920x1080, the others at 1280x720) and packages each with the media pipeline (`npm run media:ingest -- … --out media/demo`, see the repository README's "Media pipeline"), as a real film would be, at a lower quality so the folder stays small:

- `<slug>/master.m3u8`: the rendition ladder up to the source height (240p, 360p, 480p, 720p and, for `aurora`, 1080p), H.264 Main/High in fMP4, a keyframe every 2 s, 4-second segments, with BANDWIDTH, AVERAGE-BANDWIDTH, RESOLUTION, FRAME-RATE and CODECS measured from the files;
- `<slug>/audio-<lang>/`: AAC-LC 48 kHz stereo in the master's audio group (`aurora` has «Русский» and «English»);
- `<slug>/subs-ru/`: segmented WebVTT subtitles («Русские», on `aurora`);
- `<slug>/thumbs/`: scrub-bar thumbnails, one every 2 s, tiled into `sprite-0.jpg` and mapped by `thumbs.vtt`;
- `manifest.json`: each asset's kind, duration, renditions, audio tracks, subtitles, thumbnails and the intro and credits marks of the features; the seed reads it into `media_assets`.

The files are committed so that a fresh machine, CI and the e2e tests need no ffmpeg; to change them, edit and run `scripts/make-demo-media.sh` with `npm run media:demo` (which runs `bash scripts/make-demo-media.sh`; it needs ffmpeg, ffprobe, the DejaVu fonts and node_modules, deletes this folder and regenerates all of it), then run `scripts/demo-media.test.ts` and commit the result.
README

rm -rf "$SRC"
rm -rf "$OUT"
mv "$WORK" "$OUT"
trap - EXIT
echo "make-demo-media: wrote $(du -sh "$OUT" | cut -f1) to ${OUT#"$ROOT"/}" >&2
