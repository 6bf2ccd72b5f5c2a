-- CreateTable
CREATE TABLE "SpeiDeposit" (
    "id" BIGSERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "gatewayId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "fee" DECIMAL(14,2) NOT NULL,
    "credited" DECIMAL(14,2) NOT NULL,
    "walletId" INTEGER NOT NULL,
    "ledgerEntryId" BIGINT,
    "eventId" TEXT,
    "operationDate" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SpeiDeposit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "SpeiDeposit_ledgerEntryId_key" ON "SpeiDeposit"("ledgerEntryId");

-- CreateIndex
CREATE INDEX "SpeiDeposit_houseId_createdAt_idx" ON "SpeiDeposit"("houseId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "SpeiDeposit_neighborhoodId_gatewayId_key" ON "SpeiDeposit"("neighborhoodId", "gatewayId");

-- The SPEI transfers received before this migration were stored (GatewayEvent) and moved nothing: the one-time
-- job 'payments.replaySpeiEvents' replays the stored bank-transfer events nobody matched (payments/spei.ts).
INSERT INTO "Job" ("kind", "uniqueKey", "runAt") VALUES ('payments.replaySpeiEvents', 'payments.replaySpeiEvents:20261128', (now() AT TIME ZONE 'UTC'))
ON CONFLICT ("uniqueKey") DO NOTHING;
