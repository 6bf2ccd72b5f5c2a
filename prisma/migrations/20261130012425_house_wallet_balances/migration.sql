-- CreateTable
CREATE TABLE "HouseWalletBalance" (
    "houseId" INTEGER NOT NULL,
    "walletId" INTEGER NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "balance" DECIMAL(14,2) NOT NULL,

    CONSTRAINT "HouseWalletBalance_pkey" PRIMARY KEY ("houseId","walletId")
);

-- CreateIndex
CREATE INDEX "HouseWalletBalance_neighborhoodId_idx" ON "HouseWalletBalance"("neighborhoodId");

-- AddForeignKey
ALTER TABLE "HouseWalletBalance" ADD CONSTRAINT "HouseWalletBalance_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseWalletBalance" ADD CONSTRAINT "HouseWalletBalance_walletId_fkey" FOREIGN KEY ("walletId") REFERENCES "Wallet"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseWalletBalance" ADD CONSTRAINT "HouseWalletBalance_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The balances of the entries written so far.
INSERT INTO "HouseWalletBalance" ("houseId", "walletId", "neighborhoodId", "balance")
SELECT "houseId", "walletId", min("neighborhoodId"), sum("amount") FROM "LedgerEntry" GROUP BY "houseId", "walletId";

-- Every statement that appends entries adds their sum to each house and wallet they move, in key order. The
-- function body spells its statement ends as the escape 003B, since migrations are split on that character.
CREATE FUNCTION "ledger_entry_add_to_balance"() RETURNS trigger LANGUAGE plpgsql AS U&'BEGIN
  INSERT INTO "HouseWalletBalance" ("houseId", "walletId", "neighborhoodId", "balance")
  SELECT "houseId", "walletId", min("neighborhoodId"), sum("amount") FROM added GROUP BY "houseId", "walletId" ORDER BY "houseId", "walletId"
  ON CONFLICT ("houseId", "walletId") DO UPDATE SET "balance" = "HouseWalletBalance"."balance" + EXCLUDED."balance"\003B
  RETURN NULL\003B
END';

CREATE TRIGGER "LedgerEntry_add_to_balance" AFTER INSERT ON "LedgerEntry" REFERENCING NEW TABLE AS added
  FOR EACH STATEMENT EXECUTE FUNCTION "ledger_entry_add_to_balance"();

-- The community's overdue receipts (its debts by age and by street, the defaulters' vehicles) read from
-- the index alone.
CREATE INDEX "Receipt_owed_idx" ON "Receipt" ("neighborhoodId", "dueDate") INCLUDE ("houseId", "amount")
  WHERE "deletedAt" IS NULL AND "status" <> 'PAID' AND NOT "creditsWallet";
