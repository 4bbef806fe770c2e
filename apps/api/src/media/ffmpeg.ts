// Running ffprobe and ffmpeg: the probe's JSON, and encodes with progress in percent.
import { spawn } from 'node:child_process';

/** A failure of an external tool, with the end of its error output. */
export class ToolError extends Error {
  override name = 'ToolError';
}

interface ProbeStream {
  index: number;
  codec_type?: string;
  codec_name?: string;
  profile?: string;
  width?: number;
  height?: number;
  sample_aspect_ratio?: string;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  channels?: number;
  sample_rate?: string;
  start_time?: string;
  duration?: string;
  pix_fmt?: string;
  disposition?: { attached_pic?: number };
  tags?: Record<string, string>;
}

export interface Probe {
  streams: ProbeStream[];
  format: { duration?: string; format_name?: string };
}

function run(tool: string, args: string[], onStdout?: (chunk: string) => void): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (c: string) => {
      if (onStdout) onStdout(c);
      else stdout += c;
    });
    child.stderr.setEncoding('utf8').on('data', (c: string) => {
      stderr = (stderr + c).slice(-8000);
    });
    child.on('error', (err: NodeJS.ErrnoException) =>
      reject(new ToolError(err.code === 'ENOENT' ? `${tool} is not installed (apt-get install ffmpeg)` : `${tool}: ${err.message}`)),
    );
    child.on('close', (code, signal) => {
      if (code === 0) resolve({ stdout, stderr });
      else reject(new ToolError(`${tool} failed (${signal ?? `exit code ${code}`}):\n${stderr.trim().split('\n').slice(-12).join('\n')}`));
    });
  });
}

/** ffprobe's streams and format of a file. */
export async function probe(file: string): Promise<Probe> {
  const { stdout } = await run('ffprobe', ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).catch((err: Error) => {
    throw new ToolError(`cannot read ${file} as media: ${err.message.replace(/^ffprobe failed[^\n]*\n?/, '')}`);
  });
  const parsed = JSON.parse(stdout) as Partial<Probe>;
  return { streams: parsed.streams ?? [], format: parsed.format ?? {} };
}

/** "30000/1001" → 29.97; 0 when unknown. */
export function parseRate(rate: string | undefined): number {
  if (!rate) return 0;
  const [num, den] = rate.split('/').map(Number);
  if (!num || !Number.isFinite(num)) return 0;
  return den ? num / den : num;
}

/**
 * Runs ffmpeg with `-progress`, calling onPercent with whole percents of `durationSeconds` as they pass
 * (at most one call per percent).
 */
export async function ffmpeg(args: string[], options: { durationSeconds?: number; onPercent?: (percent: number) => void } = {}): Promise<void> {
  const { durationSeconds, onPercent } = options;
  let last = -1;
  let buffer = '';
  const track = (chunk: string) => {
    if (!onPercent || !durationSeconds) return;
    buffer += chunk;
    const lines = buffer.split('\n');
    buffer = lines.pop() ?? '';
    for (const line of lines) {
      const m = line.match(/^out_time_us=(\d+)/);
      if (!m) continue;
      const percent = Math.min(100, Math.floor(Number(m[1]) / 1e4 / durationSeconds));
      if (percent > last) {
        last = percent;
        onPercent(percent);
      }
    }
  };
  await run('ffmpeg', ['-hide_banner', '-nostdin', '-y', '-loglevel', 'error', '-progress', 'pipe:1', '-nostats', ...args], track);
}

/** Converts a subtitle file (SubRip or WebVTT) to WebVTT text with ffmpeg. */
export async function toWebVtt(file: string): Promise<string> {
  const { stdout } = await run('ffmpeg', ['-hide_banner', '-nostdin', '-loglevel', 'error', '-i', file, '-map', '0:s:0', '-f', 'webvtt', 'pipe:1']).catch((err: Error) => {
    throw new ToolError(`cannot read subtitles ${file}: ${err.message}`);
  });
  return stdout;
}
