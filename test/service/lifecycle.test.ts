import { describe, expect, it } from 'vitest';
import { isServiceError } from '../../src/service/errors.js';
import { Lifecycle } from '../../src/service/lifecycle.js';

describe('Lifecycle', () => {
  it('stops what is enlisted at the cut-off, with SHUTTING_DOWN, once', () => {
    const lifecycle = new Lifecycle();
    const stopped: unknown[] = [];
    lifecycle.onCutOff((reason) => stopped.push(reason));
    lifecycle.beginShutdown(60_000);
    expect(stopped).toEqual([]);
    lifecycle.cutOff();
    lifecycle.cutOff();
    expect(stopped).toHaveLength(1);
    expect(isServiceError(stopped[0]) && stopped[0].code).toBe('SHUTTING_DOWN');
  });

  it('does not stop what left before the cut-off', () => {
    const lifecycle = new Lifecycle();
    let stopped = false;
    const leave = lifecycle.onCutOff(() => {
      stopped = true;
    });
    leave();
    lifecycle.cutOff();
    expect(stopped).toBe(false);
  });

  it('stops at once what is enlisted after the cut-off', () => {
    const lifecycle = new Lifecycle();
    lifecycle.cutOff();
    const stopped: unknown[] = [];
    lifecycle.onCutOff((reason) => stopped.push(reason));
    expect(stopped).toHaveLength(1);
    expect(isServiceError(stopped[0]) && stopped[0].code).toBe('SHUTTING_DOWN');
  });
});
