import { decodeHTMLAttribute } from 'entities';
import { parseCssColour, unique } from './brand-colours';

/**
 * The colours an SVG logo paints with, most used first: `fill`, `stroke` and `stop-color`
 * attributes and the same properties in `style` attributes, read with HTMLRewriter. White, black
 * and `none` are the canvas and outline, not the brand, unless nothing else is there.
 */
export async function svgColours(svg: string): Promise<string[]> {
  const counts = new Map<string, number>();
  const add = (raw: string | null) => {
    const colour = raw ? parseCssColour(decodeHTMLAttribute(raw)) : null;
    if (colour) counts.set(colour, (counts.get(colour) ?? 0) + 1);
  };
  await new HTMLRewriter()
    .on('*', {
      element(element) {
        for (const name of ['fill', 'stroke', 'stop-color']) add(element.getAttribute(name));
        const style = element.getAttribute('style');
        if (!style) return;
        for (const declaration of style.split(';')) {
          const [property, value] = declaration.split(':');
          if (property && value && ['fill', 'stroke', 'stop-color'].includes(property.trim().toLowerCase())) add(value);
        }
      },
    })
    .transform(new Response(svg, { headers: { 'content-type': 'text/html; charset=utf-8' } }))
    .arrayBuffer();
  const ranked = [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([colour]) => colour);
  const coloured = ranked.filter((colour) => !['#ffffff', '#000000'].includes(colour));
  return unique(coloured.length > 0 ? coloured : ranked).slice(0, 3);
}
