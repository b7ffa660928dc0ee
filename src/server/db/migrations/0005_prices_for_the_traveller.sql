ALTER TABLE "journeys" ADD COLUMN "traveller_prices" jsonb;--> statement-breakpoint
ALTER TABLE "search_queries" ADD COLUMN "owner_key_hash" text;--> statement-breakpoint
-- Journeys stored before issue 33 were priced with their traveller's passes and shown so to anyone
-- with the search's URL. Their prices move to traveller_prices (the owner still sees them); anyone
-- else reads them as unknown, since they cannot be priced again without planning again.
UPDATE "journeys" AS j SET
	"traveller_prices" = jsonb_build_object(
		'cost', coalesce(j."data"->'cost', '"unknown"'::jsonb),
		'pricing_breakdown', coalesce(j."data"->'pricing_breakdown', '[]'::jsonb),
		'step_costs', jsonb_build_array(jsonb_path_query_array(j."data", '$.depart.steps[*].cost'))
			|| CASE WHEN jsonb_typeof(j."data"->'return') = 'object'
				THEN jsonb_build_array(jsonb_path_query_array(j."data", '$.return.steps[*].cost')) ELSE '[]'::jsonb END,
		'tags', coalesce(j."data"->'tags', '[]'::jsonb)
	),
	"data" = j."data" || jsonb_build_object(
		'cost', 'unknown',
		'pricing_breakdown', jsonb_build_array(jsonb_build_object(
			'description', 'Prices for this journey are shown only to the traveller who planned it.',
			'cost', 'unknown', 'estimated', false, 'source', null)),
		'tags', coalesce((SELECT jsonb_agg(t) FROM jsonb_array_elements(j."data"->'tags') AS t WHERE t <> '"cheapest"'::jsonb), '[]'::jsonb),
		'depart', j."data"->'depart' || jsonb_build_object('steps', coalesce((
			SELECT jsonb_agg(s || '{"cost":"unknown"}'::jsonb ORDER BY n)
			FROM jsonb_array_elements(j."data"->'depart'->'steps') WITH ORDINALITY AS e(s, n)), '[]'::jsonb))
	) || CASE WHEN jsonb_typeof(j."data"->'return') = 'object' THEN jsonb_build_object(
		'return', j."data"->'return' || jsonb_build_object('steps', coalesce((
			SELECT jsonb_agg(s || '{"cost":"unknown"}'::jsonb ORDER BY n)
			FROM jsonb_array_elements(j."data"->'return'->'steps') WITH ORDINALITY AS e(s, n)), '[]'::jsonb))
	) ELSE '{}'::jsonb END
FROM "search_queries" AS q
WHERE q."hash" = j."query_hash"
	AND j."traveller_prices" IS NULL
	AND (q."form"->>'has_railcard' = 'true' OR coalesce(q."form"->>'railcard_type', '') <> ''
		OR q."form"->>'has_concessionary_pass' = 'true' OR q."form"->>'has_young_scot_card' = 'true'
		OR q."form"->>'has_new_young_scot_card' = 'true');
