import { describe, expect, it } from 'vitest';
import { forgeryHeader } from '../../../src/client/forgery-header.ts';

describe('forgeryHeader (the XSRF header of every write, fetch and upload alike)', () => {
  const cookies = 'theme=dark; XSRF-TOKEN=a%2Bb%3D; other=1';

  it("sends the cookie's decoded value to a same-origin relative URL", () => {
    expect(forgeryHeader('/api/recipes', cookies)).toEqual({ 'X-XSRF-TOKEN': 'a+b=' });
    expect(forgeryHeader('api/photos', cookies)).toEqual({ 'X-XSRF-TOKEN': 'a+b=' });
  });

  it('never sends it to an absolute or protocol-relative URL (another origin)', () => {
    expect(forgeryHeader('https://api.example/recipes', cookies)).toEqual({});
    expect(forgeryHeader('HTTP://api.example/recipes', cookies)).toEqual({});
    expect(forgeryHeader('//api.example/recipes', cookies)).toEqual({});
  });

  it('sends nothing without the cookie, or for a cookie whose name only starts alike', () => {
    expect(forgeryHeader('/api/recipes', 'theme=dark')).toEqual({});
    expect(forgeryHeader('/api/recipes', 'XSRF-TOKEN-OLD=x')).toEqual({});
    expect(forgeryHeader('/api/recipes', '')).toEqual({});
  });
});
