import { describe, expect, it } from 'vitest';
import { demoUserPolicy, isLoopbackHost, isLoopbackUrl } from '../../../server/demo-user-policy.ts';

const policy = (input: { setting?: boolean; publicUrl?: string; host?: string }) =>
  demoUserPolicy({
    setting: input.setting,
    publicUrl: input.publicUrl ?? 'http://localhost:8080',
    host: input.host ?? 'localhost',
  });

describe('isLoopbackHost and isLoopbackUrl', () => {
  it('know the names and addresses only this machine reaches', () => {
    for (const host of ['localhost', 'LOCALHOST', 'app.localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]'])
      expect(isLoopbackHost(host), host).toBe(true);
    for (const host of [
      '0.0.0.0',
      '::',
      '192.168.1.5',
      '10.0.0.5',
      'recept.example.se',
      'localhost.example.se',
      '128.0.0.1',
    ])
      expect(isLoopbackHost(host), host).toBe(false);
  });

  it('read the host of an address', () => {
    for (const url of ['http://localhost:8080', 'http://127.0.0.1:3000', 'http://[::1]:8080', 'http://app.localhost'])
      expect(isLoopbackUrl(url), url).toBe(true);
    for (const url of [
      'https://recept.example.se',
      'http://192.168.1.20:8080',
      'http://10.0.0.5',
      'http://localhost.example.se',
    ])
      expect(isLoopbackUrl(url), url).toBe(false);
  });
});

describe('demoUserPolicy', () => {
  it('creates the demo users when both PUBLIC_URL and HOST are loopback', () => {
    expect(policy({})).toEqual({ seed: true, reason: 'loopback' });
    for (const host of ['127.0.0.1', '127.0.0.2', '::1', 'localhost'])
      expect(policy({ host, publicUrl: 'http://[::1]:8080' }), host).toEqual({ seed: true, reason: 'loopback' });
  });

  it('creates none when the server listens beyond loopback', () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.5', 'recept.example.se'])
      expect(policy({ host }), host).toEqual({ seed: false, reason: 'listening' });
  });

  it('creates none when PUBLIC_URL is not loopback, and names that before HOST', () => {
    for (const publicUrl of ['https://recept.example.se', 'http://192.168.1.20:8080', 'http://localhost.example.se'])
      expect(policy({ publicUrl }), publicUrl).toEqual({ seed: false, reason: 'public-url' });
    expect(policy({ publicUrl: 'https://recept.example.se', host: '0.0.0.0' })).toEqual({
      seed: false,
      reason: 'public-url',
    });
  });

  it('follows IDP_SEED_DEMO_USERS when it is set, whatever the addresses', () => {
    expect(policy({ setting: true, publicUrl: 'https://recept.example.se', host: '0.0.0.0' })).toEqual({
      seed: true,
      reason: 'setting',
    });
    expect(policy({ setting: false })).toEqual({ seed: false, reason: 'setting' });
  });
});
