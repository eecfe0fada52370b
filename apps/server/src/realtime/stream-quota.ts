import { LIMITS } from '@fenestra/shared';

/** A place in the quota, given back when its stream closes (once; later calls do nothing). */
export type StreamPlace = () => void;

/**
 * How many live streams this instance holds for each address and each member: a client opening thousands of
 * streams would hold as many sockets and as much memory. `take` answers null past either limit.
 */
export function streamQuota(limits: { perAddress: number; perMember: number } = LIMITS.eventStreams) {
  const byAddress = new Map<string, number>();
  const byMember = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next > 0) counts.set(key, next);
    else counts.delete(key);
  };
  return {
    take(address: string, memberId: string | null): StreamPlace | null {
      if ((byAddress.get(address) ?? 0) >= limits.perAddress) return null;
      if (memberId && (byMember.get(memberId) ?? 0) >= limits.perMember) return null;
      add(byAddress, address, 1);
      if (memberId) add(byMember, memberId, 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        add(byAddress, address, -1);
        if (memberId) add(byMember, memberId, -1);
      };
    },
    /** Streams held per address and per member (tests, metrics). */
    get held() {
      return { addresses: byAddress.size, members: byMember.size };
    },
  };
}
export type StreamQuota = ReturnType<typeof streamQuota>;
