/** Converts the store's interaction rows to the graph core's interaction shape. */
import type { Interaction } from "@rapport/graph";
import type { InteractionRecord } from "../activity-records.js";

export function toGraphInteraction(record: InteractionRecord): Interaction {
  if (record.kind === "email") {
    return {
      id: record.id,
      kind: "email",
      occurredAt: record.occurred_at,
      senderUuid: record.initiator_person_uuid ?? record.participant_person_uuids[0] ?? "",
      recipientUuids: record.participant_person_uuids,
    };
  }
  return {
    id: record.id,
    kind: "meeting",
    occurredAt: record.occurred_at,
    attendeeUuids: record.participant_person_uuids,
    organizerUuid: record.initiator_person_uuid,
    status: record.status,
    title: record.title,
  };
}
