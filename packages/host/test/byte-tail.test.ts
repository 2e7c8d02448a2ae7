import { describe, expect, it } from 'vitest';
import { ByteTail } from '../src/byte-tail.js';

describe('ByteTail', () => {
  it('keeps the last bytes across chunks, never more than its limit', () => {
    const tail = new ByteTail(5);
    for (const chunk of ['abc', 'defg', 'h']) tail.push(Buffer.from(chunk));
    expect(tail.text()).toBe('defgh');
    tail.push(Buffer.from('0123456789'));
    expect(tail.text()).toBe('56789');
  });

  it('keeps nothing with a limit of 0', () => {
    const tail = new ByteTail(0);
    tail.push(Buffer.from('abc'));
    expect(tail.text()).toBe('');
  });
});
