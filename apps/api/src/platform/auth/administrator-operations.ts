/**
 * The operations only an administrator (or a tenant-wide call) may make, whatever the record: workspace configuration,
 * erasure and the personal data export. Their handlers refuse a member (`requireAdministrator`); a member's MCP client
 * is not offered their tools. The access matrix holds this set to the operations that refuse a member so.
 */
export const ADMINISTRATOR_OPERATIONS: ReadonlySet<string> = new Set([
  "createOpportunityType",
  "updateOpportunityType",
  "createOpportunityStage",
  "updateOpportunityStage",
  "reorderOpportunityStages",
  "createOpportunityCustomField",
  "updateOpportunityCustomField",
  "deleteOpportunityCustomField",
  "erasePerson",
  "exportPersonalData",
]);
