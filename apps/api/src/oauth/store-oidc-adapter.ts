/**
 * @module
 * oidc-provider's storage adapter over the Store (`oauthModels`), so clients, grants, sessions,
 * codes and tokens persist across restarts and are shared by every API node on the database. Ids that are
 * bearer secrets are stored hashed (oauth-secret-ids.ts) and put back as `jti` from the id presented. A registered
 * client expires unless a grant is made to it (unused-client-expiry.ts).
 */
import type { OAuthModelRecord, Store } from "@rapport/store";
import type { Adapter, AdapterPayload } from "oidc-provider";
import { HASHED_ID_MODELS, hashedOAuthId, isHashedOAuthId, storablePayload } from "./oauth-secret-ids.js";
import { keepClient, REGISTRATION_MODELS, UNUSED_CLIENT_TTL_SECONDS } from "./unused-client-expiry.js";

/** Models whose objects belong to a grant and go with it when the grant is revoked. */
const GRANT_MEMBERS = new Set(["AccessToken", "AuthorizationCode", "RefreshToken", "DeviceCode", "BackchannelAuthenticationRequest", "PreAuthorizedCode"]);

export class StoreOidcAdapter implements Adapter {
  constructor(
    private readonly model: string,
    private readonly store: Store,
    /** The authorization server's clock (epoch ms): expiry is judged by the same clock that set it. */
    private readonly now: () => number = Date.now,
  ) {}

  private get hashesIds(): boolean {
    return HASHED_ID_MODELS.has(this.model);
  }

  private storedId(id: string): string {
    return this.hashesIds ? hashedOAuthId(id) : id;
  }

  async upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void> {
    // oidc-provider gives a client and its registration access token no lifetime: they last until the client is used.
    const lifetime = expiresIn ?? (REGISTRATION_MODELS.has(this.model) ? UNUSED_CLIENT_TTL_SECONDS : undefined);
    const clientId = typeof payload.clientId === "string" ? payload.clientId : null;
    await this.store.oauthModels.upsert({
      model: this.model,
      id: this.storedId(id),
      payload: storablePayload(this.model, payload as Record<string, unknown>),
      grant_id: GRANT_MEMBERS.has(this.model) && typeof payload.grantId === "string" ? payload.grantId : null,
      uid: typeof payload.uid === "string" ? payload.uid : this.model === "RegistrationAccessToken" ? clientId : null,
      user_code: typeof payload.userCode === "string" ? payload.userCode : null,
      expires_at: typeof lifetime === "number" ? this.now() + lifetime * 1000 : null,
    });
    if (this.model === "Grant" && clientId !== null) await keepClient(this.store, clientId);
  }

  private live(record: OAuthModelRecord | null): AdapterPayload | undefined {
    if (!record) return undefined;
    if (record.expires_at !== null && record.expires_at <= this.now()) return undefined;
    const payload = record.payload as AdapterPayload;
    return record.consumed_at === null ? payload : { ...payload, consumed: Math.floor(record.consumed_at / 1000) };
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (!this.hashesIds) return this.live(await this.store.oauthModels.find(this.model, id));
    const payload = this.live(await this.findHashed(id));
    return payload && { ...payload, jti: id };
  }

  /** The object stored under the id's hash; one stored under the raw id before (or by an older node) is moved there. */
  private async findHashed(id: string): Promise<OAuthModelRecord | null> {
    const hashed = hashedOAuthId(id);
    const record = await this.store.oauthModels.find(this.model, hashed);
    // A presented hash is not looked up as a raw id: the stored hashes must not work as tokens.
    if (record || isHashedOAuthId(id)) return record;
    const legacy = await this.store.oauthModels.find(this.model, id);
    return legacy && this.moveToHashedId(legacy);
  }

  private async moveToHashedId(legacy: OAuthModelRecord): Promise<OAuthModelRecord> {
    const hashed = hashedOAuthId(legacy.id);
    const payload = storablePayload(this.model, legacy.payload);
    await this.store.oauthModels.rekey(this.model, legacy.id, hashed, payload);
    return { ...legacy, id: hashed, payload };
  }

  /**
   * A session found by its uid (oidc-provider only reads it: is it live, whose, which grants) comes back
   * without `jti`: only the hash of its cookie's value is stored.
   */
  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const record = await this.store.oauthModels.findByUid(this.model, uid);
    if (!record || !this.hashesIds || isHashedOAuthId(record.id)) return this.live(record);
    const payload = this.live(await this.moveToHashedId(record));
    return payload && { ...payload, jti: record.id };
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    return this.live(await this.store.oauthModels.findByUserCode(this.model, userCode));
  }

  /** The ids an object may be stored under: its hash, and the raw id of a row not yet moved (never a presented hash). */
  private storedIds(id: string): string[] {
    if (!this.hashesIds) return [id];
    return isHashedOAuthId(id) ? [hashedOAuthId(id)] : [hashedOAuthId(id), id];
  }

  async consume(id: string): Promise<void> {
    for (const storedId of this.storedIds(id)) await this.store.oauthModels.consume(this.model, storedId, this.now());
  }

  async destroy(id: string): Promise<void> {
    for (const storedId of this.storedIds(id)) await this.store.oauthModels.destroy(this.model, storedId);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.store.oauthModels.revokeByGrantId(grantId);
  }
}
