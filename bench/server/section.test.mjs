// Section 7's sizes, configurations and the issue-45 targets it reads from a run's rows.
import { describe, expect, it } from 'vitest';
import { serverConfigs, serverSection, serverSizes } from './section.mjs';

const row = (conversations, { wallMs, cpuUsPerChunk, ttftP95 = 50, ttftCpuP95 = ttftP95, rssPerStreamKiB = 100, whole = conversations }) => ({
  conversations, wallMs, cpuUsPerChunk, chunksPerSec: (conversations * 318) / (wallMs / 1000),
  ttft: { p50: ttftP95 / 2, p95: ttftP95 }, ttftCpu: { p50: ttftCpuP95 / 2, p95: ttftCpuP95 }, end: { p50: wallMs, p95: wallMs }, rssGrowthMiB: (rssPerStreamKiB * conversations) / 1024, rssPerStreamKiB, whole,
});
const machine = { node: 'v20', cpu: 'cpu', cores: 2, loadAverageAtStart: '1', loadAverageAtEnd: '1', date: 'today' };
const status = () => '';

describe('server bench section', () => {
  it('always runs N = 1 first (the ratios need it), then the sizes asked for', () => {
    expect(serverSizes({ quick: false })).toEqual([1, 10, 100, 150, 500]);
    expect(serverSizes({ quick: true })).toEqual([1, 10, 50]);
    expect(serverSizes({ sizes: '100,10,1' })).toEqual([1, 10, 100]);
  });

  it('runs the peer first, both resumable modes per protocol, and Redis only with a URL and the Genkit route', () => {
    const all = serverConfigs({ redisUrl: 'redis://x' });
    expect(all[0]).toMatchObject({ impl: 'genkit-express' });
    expect(all.filter((config) => config.impl === 'package')).toHaveLength(7);
    expect(serverConfigs({ protocols: 'ai-sdk', redisUrl: 'redis://x' }).map((config) => `${config.protocol}:${config.resumable}:${config.turnStore}`))
      .toEqual(['genkit:false:none', 'ai-sdk:true:memory', 'ai-sdk:false:memory']);
  });

  it('says how the clients connected: on connections opened before the burst, or in it (--server-new-connections)', () => {
    const rows = [{ impl: 'genkit-express', protocol: 'genkit', resumable: false, turnStore: 'none', sources: 'tree', rows: [row(1, { wallMs: 2000, cpuUsPerChunk: 400 })] }];
    expect(serverSection({ sizes: [1], tokenDelayMs: 5, rows }, { machine, status })).toContain('each on a connection opened before the burst');
    expect(serverSection({ sizes: [1], tokenDelayMs: 5, rows, newConnections: true }, { machine, status })).toContain('open their connections in the burst (`--server-new-connections`)');
  });

  it('says which targets hold, from the run’s own ratios', () => {
    const peer = { impl: 'genkit-express', protocol: 'genkit', resumable: false, turnStore: 'none', sources: 'tree', rows: [row(1, { wallMs: 2000, cpuUsPerChunk: 400 }), row(100, { wallMs: 3000, cpuUsPerChunk: 50 }), row(150, { wallMs: 4000, cpuUsPerChunk: 50 })] };
    const fast = { impl: 'package', protocol: 'genkit', resumable: true, turnStore: 'memory', sources: 'tree', rows: [row(1, { wallMs: 2000, cpuUsPerChunk: 400 }), row(100, { wallMs: 3000, cpuUsPerChunk: 60 }), row(150, { wallMs: 4800, cpuUsPerChunk: 60 })] };
    const slow = { ...fast, protocol: 'ai-sdk', rows: [row(1, { wallMs: 2000, cpuUsPerChunk: 400 }), row(100, { wallMs: 3000, cpuUsPerChunk: 70, ttftP95: 400, ttftCpuP95: 120, rssPerStreamKiB: 600 }), row(150, { wallMs: 6000, cpuUsPerChunk: 80, whole: 149 })] };
    const redis = { ...fast, turnStore: 'redis', rows: fast.rows.map((x) => ({ ...x, cpuUsPerChunk: x.cpuUsPerChunk * 1.2 })) };
    const before = { ...fast, sources: 'before', rows: fast.rows.map((x) => ({ ...x, cpuUsPerChunk: x.cpuUsPerChunk * 2 })) };
    const text = serverSection({ sizes: [1, 100, 150], tokenDelayMs: 5, before: '.before', rows: [peer, before, fast, slow, redis] }, { machine, status });
    expect(text).toContain('| 150 concurrent answers in ≤ 2.5× one alone | package 2.40–3.00×; the peer 2.00× | **partly** |');
    expect(text).toContain('| p95 time to first token < 150 ms at 100 | package 50–400 ms; the peer 50 ms | **partly** |');
    // The same in the server's own CPU: a loaded machine's wall clock left out.
    expect(text).toContain("| the same in the server's CPU (from the first request; other processes' load left out) | package 50–120 ms; the peer 50 ms | yes |");
    expect(text).toContain('| 200 / 400 | 60 / 120 |');
    expect(text).toContain('| CPU per chunk ≤ 1.3× plain Genkit\'s (N ≥ 100) | 1.20–1.60× | **partly** |');
    expect(text).toContain('| RSS growth ≤ 0.5 MiB per open resumable stream (N ≥ 100) | 100–600 KiB | **partly** |');
    expect(text).toContain('| resumable turns on Redis within 1.5× of memory (CPU per chunk, N ≥ 100) | 1.20–1.20× | yes |');
    expect(text).toContain('| every answer whole, exactly once | 1003 of 1004 | **no** |');
    // The sources before, beside this tree's, in the same run.
    expect(text).toContain('| genkit | on | memory | 800.0 → 400.0 (0.50) | 120.0 → 60.0 (0.50) | 120.0 → 60.0 (0.50) |');
    expect(text).toContain('| @agent-chat/server (before) | genkit | on | memory | 150 |');
  });
});
