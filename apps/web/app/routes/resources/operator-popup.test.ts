import { RouterContextProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../lib/api.server.ts';
import { visitorContext } from '../../lib/session.server.ts';
import { action } from './operator-popup.ts';

// The resource the operator popups post to when closed (no_app).
function post(popup: string, operatorPopupSeen = vi.fn().mockResolvedValue(null)) {
  const context = new RouterContextProvider();
  context.set(visitorContext, { api: { operatorPopupSeen } } as never);
  const request = new Request('http://localhost/resources/operator-popup', { method: 'POST', body: new URLSearchParams({ popup }) });
  return { result: action({ request, context, params: {} } as never), operatorPopupSeen };
}

describe('POST /resources/operator-popup', () => {
  it.each(['got_money', 'info', 'no_app'])('%s: tells the API it was closed', async (popup) => {
    const { result, operatorPopupSeen } = post(popup);
    expect(await result).toEqual({ ok: true });
    expect(operatorPopupSeen).toHaveBeenCalledWith(popup);
  });

  it('no_money and unknown popups: 400, the API is not asked', async () => {
    for (const popup of ['no_money', 'elsewhere']) {
      const { result, operatorPopupSeen } = post(popup);
      expect(((await result) as { init: ResponseInit | null }).init?.status).toBe(400);
      expect(operatorPopupSeen).not.toHaveBeenCalled();
    }
  });

  it("passes the API's 4xx on (a virtual visitor: 401)", async () => {
    const { result } = post('no_app', vi.fn().mockRejectedValue(new ApiCallError(401, { code: 'AUTH_REQUIRED', message: 'Sign in first' } as never)));
    expect(((await result) as { init: ResponseInit | null }).init?.status).toBe(401);
  });
});
