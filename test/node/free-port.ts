import { freePorts } from '../../dev/reaper';

/** A port free on 127.0.0.1 now, outside the ephemeral range, in this test worker's slice, and never handed out twice in this process. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}
