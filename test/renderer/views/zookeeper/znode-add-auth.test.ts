// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import ZnodeAddAuth from '../../../../src-renderer/src/views/zookeeper/ZnodeAddAuth.vue';
import { ApiRefusal, FakeApi } from '../../support/fake-api';
import { byTestId, click, inputOf } from '../../support/helpers';
import { mountWithApp, settle, unmountAll } from '../../support/mount';

afterEach(unmountAll);

describe('ZnodeAddAuth (addauth for the node editor session)', () => {
  it('sends addauth digest user:password and lists the identities the session then has', async () => {
    const fake = new FakeApi();
    const sent: Array<[string, string]> = [];
    fake.api.zookeeper.addAuth = async (scheme, auth) => {
      sent.push([scheme, auth]);
      return {
        sessionId: '0x1',
        identities: [
          { scheme: 'ip', id: '127.0.0.1' },
          { scheme: 'digest', id: 'alice:V55/p2T0OpjQ+low3NVAH4aLvm0=' },
        ],
      };
    };
    const w = mountWithApp(ZnodeAddAuth, { client: fake.client(), props: {} }).wrapper;
    await settle();
    await inputOf(w, 'znode-auth-value').setValue('alice:pw');
    await click(w, 'znode-auth-add');
    expect(sent).toEqual([['digest', 'alice:pw']]);
    expect(byTestId(w, 'znode-auth-identities').text()).toContain('digest:alice:V55/p2T0OpjQ+low3NVAH4aLvm0=');
    expect((inputOf(w, 'znode-auth-value').element as HTMLInputElement).value).toBe('');
  });

  it("shows AUTHFAILED in ZooKeeper's words", async () => {
    const fake = new FakeApi();
    fake.api.zookeeper.addAuth = async () => {
      throw new ApiRefusal({ name: 'AUTHFAILED', message: 'KeeperErrorCode = AuthFailed' });
    };
    const w = mountWithApp(ZnodeAddAuth, { client: fake.client(), props: {} }).wrapper;
    await settle();
    await inputOf(w, 'znode-auth-value').setValue('x');
    await click(w, 'znode-auth-add');
    expect(byTestId(w, 'api-error').text()).toContain('AUTHFAILED');
    expect(byTestId(w, 'api-error').text()).toContain('KeeperErrorCode = AuthFailed');
  });
});
