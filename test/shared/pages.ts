/** Fixture host names; the test harness has Chromium resolve them to 127.0.0.1 (see dev/chromium.ts). */
export const PUBLIC_FIXTURE_HOST = 'site.example';
export const FIXTURE_HOST_RULES = 'MAP *.example 127.0.0.1';

/** The page background in each colour scheme (test/node/page-server.ts): the capture tests read these back. */
export const SCHEME_COLOURS = { light: [250, 250, 245], dark: [16, 24, 48] } as const;
