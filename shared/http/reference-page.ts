import { Scalar } from '@scalar/hono-api-reference';

/**
 * The page rendering a Worker's OpenAPI document with Scalar. Its script is the
 * `@scalar/api-reference` bundle from npm, served by the Worker's own static assets at
 * `<path>/scalar-api-reference.js` (`workers/<name>/assets`, a link into node_modules), so the page
 * works without the internet and does not depend on a CDN's uptime.
 */
export function referencePage(options: { path: string; documentPath: string; title: string }) {
  return Scalar({
    url: options.documentPath,
    pageTitle: options.title,
    cdn: referenceScriptPath(options.path),
    // The sidebar then lists every operation at once, the page's table of contents.
    defaultOpenAllTags: true,
    // Nothing on the page may need Scalar's servers: its fonts (the system's are used), its AI
    // agent and MCP offers, and the developer toolbar's deploy and share buttons for its cloud.
    withDefaultFonts: false,
    agent: { disabled: true },
    mcp: { disabled: true },
    showDeveloperTools: 'never',
    telemetry: false,
  });
}

export function referenceScriptPath(path: string): string {
  return `${path}/scalar-api-reference.js`;
}
