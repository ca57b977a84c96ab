import { describe, expect, it } from 'vitest';
import { encodeAddress } from './socks5';

describe('encodeAddress (RFC 1928 §5 DST.ADDR)', () => {
  it.each<[string, number[]]>([
    ['192.0.2.25', [0x01, 192, 0, 2, 25]],
    ['::1', [0x04, ...Array<number>(15).fill(0), 1]],
    ['2001:db8::25', [0x04, 0x20, 0x01, 0x0d, 0xb8, ...Array<number>(11).fill(0), 0x25]],
    ['2a00:1450:400c:c0b::1b', [0x04, 0x2a, 0x00, 0x14, 0x50, 0x40, 0x0c, 0x0c, 0x0b, 0, 0, 0, 0, 0, 0, 0, 0x1b]],
    ['::ffff:192.0.2.25', [0x04, ...Array<number>(10).fill(0), 0xff, 0xff, 192, 0, 2, 25]],
    ['mx.example.com', [0x03, 14, ...new TextEncoder().encode('mx.example.com')]],
  ])('%s', (address, bytes) => {
    expect(encodeAddress(address)).toEqual(bytes);
  });
});
