-- CreateTable
CREATE TABLE "LatePaymentEntry" (
    "entryId" BIGINT NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "recordedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "LatePaymentEntry_pkey" PRIMARY KEY ("entryId")
);

-- CreateIndex
CREATE INDEX "LatePaymentEntry_neighborhoodId_recordedAt_idx" ON "LatePaymentEntry"("neighborhoodId", "recordedAt");

-- AddForeignKey
ALTER TABLE "LatePaymentEntry" ADD CONSTRAINT "LatePaymentEntry_entryId_fkey" FOREIGN KEY ("entryId") REFERENCES "LedgerEntry"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LatePaymentEntry" ADD CONSTRAINT "LatePaymentEntry_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- A house payment (DEPOSIT, RECEIPT_PAID, WALLET_PAYMENT of a receipt) is late when its receipt's payment day
-- (realPaymentDate, else paymentDate's local day) is before the local day it was recorded: the transactions by
-- payment date (transactions/service.ts) look for payments recorded after a period among these rows. The triggers
-- keep them when entries are added, when a receipt's payment dates change and when the time zone changes.
-- Function bodies spell their statement ends as the escape 003B, since migrations are split on that character.
CREATE FUNCTION "late_payment_entries_added"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  INSERT INTO "LatePaymentEntry" ("entryId", "neighborhoodId", "recordedAt")
  SELECT a.id, a."neighborhoodId", a."createdAt"
    FROM added a JOIN "Receipt" r ON r.id = a."receiptId" JOIN "Neighborhood" n ON n.id = a."neighborhoodId"
   WHERE a.kind IN (''DEPOSIT'', ''RECEIPT_PAID'', ''WALLET_PAYMENT'')
     AND coalesce(r."realPaymentDate", ((r."paymentDate" AT TIME ZONE ''UTC'') AT TIME ZONE n."timeZone")::date)
         < ((a."createdAt" AT TIME ZONE ''UTC'') AT TIME ZONE n."timeZone")::date\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "LedgerEntry_late_payments" AFTER INSERT ON "LedgerEntry" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "late_payment_entries_added"();

CREATE FUNCTION "late_payment_entries_receipt"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  DELETE FROM "LatePaymentEntry" WHERE "entryId" IN (SELECT id FROM "LedgerEntry" WHERE "receiptId" = NEW.id)\003B
  INSERT INTO "LatePaymentEntry" ("entryId", "neighborhoodId", "recordedAt")
  SELECT le.id, le."neighborhoodId", le."createdAt"
    FROM "LedgerEntry" le JOIN "Neighborhood" n ON n.id = le."neighborhoodId"
   WHERE le."receiptId" = NEW.id AND le.kind IN (''DEPOSIT'', ''RECEIPT_PAID'', ''WALLET_PAYMENT'')
     AND coalesce(NEW."realPaymentDate", ((NEW."paymentDate" AT TIME ZONE ''UTC'') AT TIME ZONE n."timeZone")::date)
         < ((le."createdAt" AT TIME ZONE ''UTC'') AT TIME ZONE n."timeZone")::date\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "Receipt_late_payments" AFTER UPDATE OF "realPaymentDate", "paymentDate" ON "Receipt" FOR EACH ROW
  WHEN (OLD."realPaymentDate" IS DISTINCT FROM NEW."realPaymentDate" OR OLD."paymentDate" IS DISTINCT FROM NEW."paymentDate")
  EXECUTE FUNCTION "late_payment_entries_receipt"();

CREATE FUNCTION "late_payment_entries_community"(community integer) RETURNS void LANGUAGE plpgsql AS U&'BEGIN
  DELETE FROM "LatePaymentEntry" WHERE "neighborhoodId" = community\003B
  INSERT INTO "LatePaymentEntry" ("entryId", "neighborhoodId", "recordedAt")
  SELECT le.id, le."neighborhoodId", le."createdAt"
    FROM "LedgerEntry" le JOIN "Receipt" r ON r.id = le."receiptId" JOIN "Neighborhood" n ON n.id = le."neighborhoodId"
   WHERE le."neighborhoodId" = community AND le.kind IN (''DEPOSIT'', ''RECEIPT_PAID'', ''WALLET_PAYMENT'')
     AND coalesce(r."realPaymentDate", ((r."paymentDate" AT TIME ZONE ''UTC'') AT TIME ZONE n."timeZone")::date)
         < ((le."createdAt" AT TIME ZONE ''UTC'') AT TIME ZONE n."timeZone")::date\003B
END';

CREATE FUNCTION "late_payment_entries_time_zone"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  PERFORM "late_payment_entries_community"(NEW.id)\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "Neighborhood_late_payments" AFTER UPDATE OF "timeZone" ON "Neighborhood" FOR EACH ROW
  WHEN (OLD."timeZone" IS DISTINCT FROM NEW."timeZone") EXECUTE FUNCTION "late_payment_entries_time_zone"();

-- The payments already recorded.
SELECT "late_payment_entries_community"(id) FROM "Neighborhood";
