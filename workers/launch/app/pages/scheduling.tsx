import type { Hono } from 'hono';
import { setCookie } from 'hono/cookie';
import { z } from 'zod';
import { ApiError } from '../../../../shared/http/api-error';
import { isTimeZone, wallClockToInstant } from '../../domain/zoned-time';
import { actorOf } from '../../services/audit';
import { cancelPost, schedulePost } from '../../services/scheduling';
import { settleUnknownDelivery } from '../../services/delivery-outcomes';
import { readConfig } from '../../../../shared/config';
import { launchConfigSchema } from '../../config';
import { appPath, type PageEnv, personOf } from '../context';
import { allowed, signedIn, TIME_ZONE_COOKIE } from '../guards';
import { reauthFields, withRecentSignIn } from '../recent-sign-in';
import { postIdOf, reviewPage } from './review';

const scheduleForm = z.object({ date: z.string().max(10), time: z.string().max(5), timeZone: z.string().max(64), ...reauthFields });
const cancelForm = z.object(reauthFields);
const outcomeForm = z.object({ outcome: z.enum(['published', 'not_published']), url: z.string().max(2048).optional(), ...reauthFields });

export function registerSchedulingActions(pages: Hono<PageEnv>): void {
  pages.post('/posts/:postId/schedule', signedIn, allowed('post:schedule'), async (c) => {
    const postId = postIdOf(c);
    const parsed = scheduleForm.safeParse(await c.req.parseBody());
    if (!parsed.success) return reviewPage(c, postId, { status: 400, notice: { kind: 'error', text: 'Enter a date and a time.' } });
    const { date, time, timeZone, password, totpCode } = parsed.data;
    const zone = isTimeZone(timeZone) ? timeZone : c.get('timeZone');
    const values = { date, time, timeZone: zone };
    const publishAt = wallClockToInstant({ date, time }, zone);
    if (!publishAt) {
      const error = `There is no ${time} on ${date} in ${zone} (the clocks skip it, or the date is not valid). Pick another time.`;
      return reviewPage(c, postId, { status: 400, schedule: { values, error }, notice: { kind: 'error', text: error } });
    }
    // The zone picked here is the reader's from now on, for every time the app shows.
    setCookie(c, TIME_ZONE_COOKIE, zone, { path: '/app', sameSite: 'Lax', maxAge: 31_536_000, secure: new URL(c.req.url).protocol === 'https:' });
    c.set('timeZone', zone);
    return withRecentSignIn(
      c,
      {
        password,
        totpCode,
        carry: values,
        summary: `schedule this post for ${date} ${time} (${zone})`,
        back: appPath(`/posts/${postId}?${new URLSearchParams(values)}`),
      },
      async () => {
        try {
          await schedulePost(c.get('services').db, personOf(c).workspaceId, actorOf(personOf(c)), postId, publishAt);
        } catch (error) {
          if (!(error instanceof ApiError) || !['invalid_transition', 'publishing_endpoint_required', 'validation_failed'].includes(error.code)) throw error;
          const text =
            error.code === 'validation_failed' ? 'Pick a time between now and a year from now.' : `Not scheduled: ${error.message} ${error.hint ?? ''}`;
          return reviewPage(c, postId, { status: error.status as 400 | 409, schedule: { values, error: text }, notice: { kind: 'error', text } });
        }
        return c.redirect(appPath('/schedule?done=scheduled'), 303);
      },
    );
  });

  pages.post('/posts/:postId/cancel', signedIn, allowed('post:schedule'), async (c) => {
    const postId = postIdOf(c);
    const parsed = cancelForm.safeParse(await c.req.parseBody());
    const { password, totpCode } = parsed.success ? parsed.data : {};
    return withRecentSignIn(c, { password, totpCode, carry: {}, summary: 'take this post off the schedule' }, async () => {
      try {
        await cancelPost(c.get('services').db, personOf(c).workspaceId, actorOf(personOf(c)), postId);
      } catch (error) {
        if (!(error instanceof ApiError) || error.code !== 'invalid_transition') throw error;
        return reviewPage(c, postId, { status: 409, notice: { kind: 'error', text: `Not cancelled: ${error.message}` } });
      }
      return c.redirect(appPath(`/posts/${postId}?done=cancelled`), 303);
    });
  });

  pages.post('/posts/:postId/delivery-outcome', signedIn, allowed('post:schedule'), async (c) => {
    const postId = postIdOf(c);
    const parsed = outcomeForm.safeParse(await c.req.parseBody());
    if (!parsed.success)
      return reviewPage(c, postId, { status: 400, notice: { kind: 'error', text: 'Say whether the post went out, with its URL if it did.' } });
    const { outcome, url = '', password, totpCode } = parsed.data;
    const summary = outcome === 'published' ? `record this post as published at ${url}` : 'send this post again';
    return withRecentSignIn(c, { password, totpCode, carry: { outcome, url }, summary }, async () => {
      try {
        await settleUnknownDelivery(
          c.get('services').db,
          readConfig(launchConfigSchema, c.env).BLUESKY_APP_URL,
          personOf(c).workspaceId,
          actorOf(personOf(c)),
          postId,
          outcome === 'published' ? { outcome, url } : { outcome },
        );
      } catch (error) {
        if (!(error instanceof ApiError) || !['invalid_transition', 'validation_failed', 'connection_required'].includes(error.code)) throw error;
        const text = `Not recorded: ${error.message}`;
        return reviewPage(c, postId, { status: error.status as 400 | 409, notice: { kind: 'error', text }, outcome: { url, error: text } });
      }
      return c.redirect(appPath(`/posts/${postId}?done=confirmed_${outcome}`), 303);
    });
  });
}
