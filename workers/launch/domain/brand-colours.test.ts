import { describe, expect, it } from 'vitest';
import { brandColoursFromCss, dominantColours, parseCssColour } from './brand-colours';
import { svgColours } from './svg-colours';

describe('brand colours', () => {
  it('reads CSS colours in their common notations as #rrggbb', () => {
    expect(parseCssColour('#ABC')).toBe('#aabbcc');
    expect(parseCssColour('#6D28D9cc')).toBe('#6d28d9');
    expect(parseCssColour('rgb(245, 158, 11)')).toBe('#f59e0b');
    expect(parseCssColour('rgb(245 158 11 / 50%)')).toBe('#f59e0b');
    expect(parseCssColour('hsl(0, 100%, 50%)')).toBe('#ff0000');
    expect(parseCssColour('var(--x)')).toBeNull();
    expect(parseCssColour('#12')).toBeNull();
  });

  it('reads hue units and rounds channels half up, as CSS does, and no keywords', () => {
    expect(parseCssColour('hsl(0.5turn 50% 50%)')).toBe('#40bfbf');
    expect(parseCssColour('hsl(32, 75%, 40%)')).toBe('#b36b1a');
    expect(parseCssColour('rgb(1, 2 3)')).toBeNull();
    expect(parseCssColour('red')).toBeNull();
  });

  it('takes brand, primary and accent custom properties, not text or background ones', () => {
    const css = `/* tokens: --brand: #000 is a comment */
      :root { --text-primary: #111111; --color-primary: #0EA5E9; --background: #fff; --accent: rgb(245,158,11);
        --primary-foreground: #fafafa; --brand: var(--color-primary); --brand-500: #6d28d9 }`;
    expect(brandColoursFromCss(css)).toEqual(['#0ea5e9', '#6d28d9', '#f59e0b']);
  });

  it("finds a logo's dominant colours, leaving out its white background", () => {
    const width = 10;
    const data = new Uint8ClampedArray(width * width * 4);
    for (let i = 0; i < width * width; i++) {
      const colour = i < 60 ? [255, 255, 255, 255] : i < 90 ? [249, 115, 22, 255] : i < 95 ? [14, 165, 233, 255] : [200, 0, 0, 0];
      data.set(colour, i * 4);
    }
    expect(dominantColours({ data, width, height: width })).toEqual(['#f97316', '#0ea5e9']);
  });

  it('reads the paint of an SVG logo', async () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg"><rect fill="#fff"/><path fill="#6D28D9"/><path style="fill: #6d28d9"/><stop stop-color="rgb(14,165,233)"/></svg>';
    expect(await svgColours(svg)).toEqual(['#6d28d9', '#0ea5e9']);
  });
});
