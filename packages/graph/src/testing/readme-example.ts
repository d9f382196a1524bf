import { RelationshipGraph, recommendedPaths } from "../index.js";

const now = Date.UTC(2026, 11, 1);
const day = 86_400_000;
const graph = new RelationshipGraph();
graph.markInternal("ada", "user-ada");
graph.markInternal("ben", "user-ben");
graph.addInteraction({ id: "e1", kind: "email", occurredAt: now - day, senderUuid: "ada", recipientUuids: ["cleo"] });
graph.addInteraction({ id: "e2", kind: "email", occurredAt: now - 2 * day, senderUuid: "cleo", recipientUuids: ["ada"] });
graph.addInteraction({ id: "e3", kind: "email", occurredAt: now - 3 * day, senderUuid: "cleo", recipientUuids: ["dana"] });
graph.addInteraction({ id: "m1", kind: "meeting", occurredAt: now - 30 * day, attendeeUuids: ["ben", "dana"] });

const { items } = recommendedPaths(graph, { entity: "person", uuid: "dana" }, { now });
for (const item of items) console.log(item.user_uuid, item.connection_score, item.paths[0]?.map((hop) => hop.person_uuid).join(" → "));
