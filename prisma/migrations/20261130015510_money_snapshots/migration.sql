-- AlterTable
ALTER TABLE "Neighborhood" ADD COLUMN     "moneyHistoryVersion" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "MoneySnapshot" (
    "neighborhoodId" INTEGER NOT NULL,
    "month" DATE NOT NULL,
    "version" INTEGER NOT NULL,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MoneySnapshot_pkey" PRIMARY KEY ("neighborhoodId","month","version")
);

-- AddForeignKey
ALTER TABLE "MoneySnapshot" ADD CONSTRAINT "MoneySnapshot_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- What changes money already past raises the community's moneyHistoryVersion (stored openings of older
-- versions are not read again): movements recorded more than a day back in time (the demo's history, an
-- import), a payment's account changed once its entries are a day old, a charge's fee, the time zone. A
-- report stores openings only of months that began more than a day ago. Function bodies spell their
-- statement ends as the escape 003B, since migrations are split on that character.
CREATE FUNCTION "money_history_backdated_entries"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  UPDATE "Neighborhood" SET "moneyHistoryVersion" = "moneyHistoryVersion" + 1
   WHERE id IN (SELECT DISTINCT "neighborhoodId" FROM added WHERE "createdAt" < (now() AT TIME ZONE ''UTC'') - interval ''1 day'')\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "LedgerEntry_money_history" AFTER INSERT ON "LedgerEntry" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "money_history_backdated_entries"();

CREATE TRIGGER "CommunityLedgerEntry_money_history" AFTER INSERT ON "CommunityLedgerEntry" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "money_history_backdated_entries"();

CREATE FUNCTION "money_history_receipt_account"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  IF EXISTS (SELECT 1 FROM "LedgerEntry" WHERE "receiptId" = NEW.id AND "createdAt" < (now() AT TIME ZONE ''UTC'') - interval ''1 day'') THEN
    UPDATE "Neighborhood" SET "moneyHistoryVersion" = "moneyHistoryVersion" + 1 WHERE id = NEW."neighborhoodId"\003B
  END IF\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "Receipt_money_history" AFTER UPDATE OF "incomeAccountId" ON "Receipt" FOR EACH ROW
  WHEN (OLD."incomeAccountId" IS DISTINCT FROM NEW."incomeAccountId") EXECUTE FUNCTION "money_history_receipt_account"();

CREATE FUNCTION "money_history_charge_fee"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  UPDATE "Neighborhood" SET "moneyHistoryVersion" = "moneyHistoryVersion" + 1 WHERE id = NEW."neighborhoodId"\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "Charge_money_history" AFTER UPDATE OF "fee", "feePaidByPayer" ON "Charge" FOR EACH ROW
  WHEN (OLD."fee" IS DISTINCT FROM NEW."fee" OR OLD."feePaidByPayer" IS DISTINCT FROM NEW."feePaidByPayer")
  EXECUTE FUNCTION "money_history_charge_fee"();

CREATE FUNCTION "money_history_time_zone"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  NEW."moneyHistoryVersion" := OLD."moneyHistoryVersion" + 1\003B
  RETURN NEW\003B
END';

CREATE TRIGGER "Neighborhood_money_history" BEFORE UPDATE OF "timeZone" ON "Neighborhood" FOR EACH ROW
  WHEN (OLD."timeZone" IS DISTINCT FROM NEW."timeZone") EXECUTE FUNCTION "money_history_time_zone"();
