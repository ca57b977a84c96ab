-- The operator audit trail is append-only: no role the Workers connect as can rewrite or erase
-- what an operator did, whatever a future route or a mistaken query tries.
CREATE FUNCTION "verify"."refuse_operator_audit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'verify.operator_audit_events is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "operator_audit_events_append_only"
  BEFORE UPDATE OR DELETE ON "verify"."operator_audit_events"
  FOR EACH ROW EXECUTE FUNCTION "verify"."refuse_operator_audit_change"();
--> statement-breakpoint
CREATE TRIGGER "operator_audit_events_no_truncate"
  BEFORE TRUNCATE ON "verify"."operator_audit_events"
  FOR EACH STATEMENT EXECUTE FUNCTION "verify"."refuse_operator_audit_change"();
