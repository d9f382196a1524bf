/**
 * @module
 * oidc-provider's storage adapter over the Store (`oauthModels`), so clients, grants, sessions,
 * codes and tokens persist across restarts and are shared by every API node on the database.
 */
import type { Store } from "@rapport/store";
import type { Adapter, AdapterPayload } from "oidc-provider";

/** Models whose objects belong to a grant and go with it when the grant is revoked. */
const GRANT_MEMBERS = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest", "PreAuthorizedCode"]);

export class StoreOidcAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly store: Store,
    /** The authorization server's clock (epoch ms): expiry is judged by the same clock that set it. */
    private readonly now: () => number = Date.now,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    await this.store.oauthModels.upsert({
      model: this.model,
      id,
      payload: payload as Record<string, unknown>,
      grant_id: GRANT_MEMBERS.has(this.model) && typeof payload.grantId === "string" ? payload.grantId : null,
      uid: typeof payload.uid === "string" ? payload.uid : null,
      user_code: typeof payload.userCode === "string" ? payload.userCode : null,
      expires_at: typeof expiresIn === "number" ? this.now() + expiresIn * 1000 : null,
    });
  }

  private live(record: Awaited<ReturnType<Store["oauthModels"]["find"]>>): AdapterPayload | undefined {
    if (!record) return undefined;
    if (record.expires_at !== null && record.expires_at <= this.now()) return undefined;
    const payload = record.payload as AdapterPayload;
    return record.consumed_at === null ? payload : { ...payload, consumed: Math.floor(record.consumed_at / 1000) };
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    return this.live(await this.store.oauthModels.find(this.model, id));
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    return this.live(await this.store.oauthModels.findByUid(this.model, uid));
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.live(await this.store.oauthModels.findByUserCode(this.model, userCode));
  }

  async consume(id: string): Promise<void> {
    await this.store.oauthModels.consume(this.model, id, this.now());
  }

  async destroy(id: string): Promise<void> {
    await this.store.oauthModels.destroy(this.model, id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.store.oauthModels.revokeByGrantId(grantId);
  }
}
