import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { methodProbe } from '../../../shared/http/method-not-allowed';
import { errorResponse } from '../../../shared/http/openapi-errors';
import { defineOperation, workspaceUse } from '../auth/operation';
import {
  AUTO_SSIM_TARGET,
  exportPresets,
  HEAVY_ENCODER_MAX_PIXELS,
  LOSSY_QUALITY,
  MAX_EXPORT_BODY_BYTES,
  MAX_EXPORT_PIXELS,
  SAMPLE_TILE,
} from '../domain/export-presets';
import { extensions, imageFormats, mimeTypes } from '../domain/image-format';
import type { LaunchEnv } from '../env';
import { workerCodecModules } from '../editor/codec-modules';
import { exportImage } from '../editor/export';
import { createCodecs } from '../editor/image-codecs';

const exportForm = z
  .object({
    image: z
      .custom<File>((value) => value instanceof File, { message: 'must be a file part (PNG, JPEG or WebP)' })
      .openapi({ type: 'string', format: 'binary', description: `PNG, JPEG or WebP, up to ${MAX_EXPORT_PIXELS} pixels; the format is read from the bytes.` }),
    format: z.enum(imageFormats).optional().openapi({ description: 'Format to write. Default: the source format, or for `auto` whichever it picks.' }),
    preset: z
      .enum(exportPresets)
      .default('auto')
      .openapi({
        description: [
          `\`high\`, \`balanced\`, \`small\`: WebP and JPEG at quality ${LOSSY_QUALITY.high}, ${LOSSY_QUALITY.balanced} and ${LOSSY_QUALITY.small};`,
          `PNG is lossless at every preset and they set the effort: plain deflate, oxipng level 1, oxipng level 2 (oxipng up to ${HEAVY_ENCODER_MAX_PIXELS} pixels).`,
          `\`auto\` (default) measures: the smallest file whose SSIM against the original is at least ${AUTO_SSIM_TARGET}, searching the quality by bisection`,
          `(measured on the image, or above ${HEAVY_ENCODER_MAX_PIXELS} pixels on a mosaic of four full-resolution ${SAMPLE_TILE.width}×${SAMPLE_TILE.height} tiles, one from each quadrant);`,
          `without a \`format\` it tries lossy WebP, JPEG (for images without transparency) and lossless WebP (up to ${HEAVY_ENCODER_MAX_PIXELS} pixels) and keeps the smallest.`,
        ].join(' '),
      }),
  })
  .openapi('ExportRequest');

const binaryImage = z.string().openapi({ format: 'binary' });

const exportRoute = defineOperation({
  method: 'post',
  path: '/api/export',
  operationId: 'optimizeExportImage',
  tags: ['Editor utilities'],
  summary: 'Recompress an image for export',
  description: [
    'Decodes the uploaded image and encodes it again in the requested format and quality preset, inside the Worker. The answer is the image itself, not JSON.',
    `**Limits.** The body may be up to ${MAX_EXPORT_BODY_BYTES} bytes (413 \`payload_too_large\`) and the image up to ${MAX_EXPORT_PIXELS} pixels (413 \`image_too_large\`), so that decoding and encoding fit in a Worker's memory. Not metered.`,
    '**Headers.** `X-Export-Format`, `X-Export-Quality` (or `lossless`), `X-Image-Width`, `X-Image-Height`, and for `auto` the measured `X-Export-SSIM`.',
  ].join('\n\n'),
  access: { scopes: ['artifact:read'], entitlement: workspaceUse },
  maxBodyBytes: MAX_EXPORT_BODY_BYTES,
  request: { body: { required: true, content: { 'multipart/form-data': { schema: exportForm } } } },
  responses: {
    200: {
      description: 'The re-encoded image.',
      headers: {
        'X-Export-Format': { schema: { type: 'string', enum: [...imageFormats] } },
        'X-Export-Quality': { schema: { type: 'string' }, description: 'The encoder quality (0–100), or `lossless`.' },
        'X-Export-SSIM': { schema: { type: 'string' }, description: 'For `auto`: SSIM of the output against the original.' },
      },
      content: Object.fromEntries(imageFormats.map((format) => [mimeTypes[format], { schema: binaryImage }])),
    },
    400: errorResponse('`validation_failed` (missing image, invalid format or preset), `image_unsupported` (not PNG, JPEG or WebP), `image_corrupt`.'),
    413: errorResponse('`payload_too_large` (body) or `image_too_large` (pixels; `maxPixels` gives the cap).'),
  },
});

const probeRoute = defineOperation({
  method: 'get',
  path: '/api/export',
  operationId: 'optimizeExportImageMethodProbe',
  tags: ['Editor utilities'],
  summary: 'Method probe: exports are made with POST',
  access: 'public',
  responses: { 405: errorResponse('`method_not_allowed`, with `Allow: POST`.') },
});

export function registerExportRoutes(app: OpenAPIHono<LaunchEnv>): void {
  app.openapi(exportRoute, async (c) => {
    const form = c.req.valid('form');
    // Codec instances per request, so their memory goes with it (see createCodecs).
    const result = await exportImage(createCodecs(workerCodecModules), { bytes: await form.image.arrayBuffer(), format: form.format, preset: form.preset });
    const format = result.settings.format;
    const quality =
      result.settings.format === 'png' || (result.settings.format === 'webp' && result.settings.lossless) ? 'lossless' : String(result.settings.quality);
    return c.body(result.bytes, 200, {
      'Content-Type': mimeTypes[format],
      'Content-Disposition': `inline; filename="export.${extensions[format]}"`,
      'Cache-Control': 'no-store',
      'X-Export-Format': format,
      'X-Export-Quality': quality,
      'X-Image-Width': String(result.width),
      'X-Image-Height': String(result.height),
      ...(result.ssim === null ? {} : { 'X-Export-SSIM': result.ssim.toFixed(4) }),
    });
  });
  app.openapi(probeRoute, methodProbe(['POST']));
}
