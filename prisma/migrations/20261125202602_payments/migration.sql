-- CreateEnum
CREATE TYPE "ChargeStatus" AS ENUM ('IN_PROGRESS', 'COMPLETED', 'FAILED', 'CANCELLED', 'CHARGED_BACK', 'CREDITED');

-- CreateEnum
CREATE TYPE "ChargebackStatus" AS ENUM ('CREATED', 'DENIED', 'APPLIED');

-- AlterTable
ALTER TABLE "LedgerEntry" ADD COLUMN     "chargeId" UUID;

-- AlterTable
ALTER TABLE "Neighborhood" ADD COLUMN     "gatewayFeePaidByPayer" BOOLEAN NOT NULL DEFAULT true;

-- CreateTable
CREATE TABLE "Charge" (
    "id" UUID NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "receiptId" INTEGER NOT NULL,
    "userId" INTEGER,
    "method" "PaymentMethod" NOT NULL,
    "status" "ChargeStatus" NOT NULL DEFAULT 'IN_PROGRESS',
    "amount" DECIMAL(14,2) NOT NULL,
    "fee" DECIMAL(14,2) NOT NULL,
    "total" DECIMAL(14,2) NOT NULL,
    "feePaidByPayer" BOOLEAN NOT NULL,
    "gatewayId" TEXT,
    "cardId" INTEGER,
    "cardBrand" TEXT,
    "cardNumber" TEXT,
    "msi" INTEGER,
    "reference" TEXT,
    "instructions" JSONB,
    "authorization" TEXT,
    "redirectUrl" TEXT,
    "errorCode" INTEGER,
    "errorMessage" TEXT,
    "idempotencyKey" TEXT,
    "sentAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,
    "settledAt" TIMESTAMP(3),

    CONSTRAINT "Charge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Card" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "userId" INTEGER,
    "gatewayCustomerId" TEXT NOT NULL,
    "gatewayCardId" TEXT NOT NULL,
    "cardNumber" TEXT NOT NULL,
    "brand" TEXT NOT NULL,
    "cardType" TEXT NOT NULL,
    "holderName" TEXT NOT NULL,
    "expirationMonth" TEXT NOT NULL,
    "expirationYear" TEXT NOT NULL,
    "automaticCharge" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "Card_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "GatewayCustomer" (
    "houseId" INTEGER NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "customerId" TEXT NOT NULL,
    "clabe" TEXT,
    "bankName" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "GatewayCustomer_pkey" PRIMARY KEY ("houseId")
);

-- CreateTable
CREATE TABLE "GatewayEvent" (
    "id" BIGSERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "eventId" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "transactionId" TEXT,
    "payload" JSONB NOT NULL,
    "receivedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "processedAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "GatewayEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Chargeback" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "houseId" INTEGER NOT NULL,
    "receiptId" INTEGER NOT NULL,
    "chargeId" UUID NOT NULL,
    "gatewayId" TEXT NOT NULL,
    "status" "ChargebackStatus" NOT NULL DEFAULT 'CREATED',
    "amount" DECIMAL(14,2) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Chargeback_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "UnknownPayment" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "incomeAccountId" INTEGER NOT NULL,
    "amount" DECIMAL(14,2) NOT NULL,
    "authorization" TEXT,
    "paymentDate" DATE NOT NULL,
    "comments" TEXT,
    "houseId" INTEGER,
    "incomeConceptId" INTEGER,
    "receiptId" INTEGER,
    "identifiedAt" TIMESTAMP(3),
    "matchedAt" TIMESTAMP(3),
    "createdByUserId" INTEGER,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "deletedAt" TIMESTAMP(3),

    CONSTRAINT "UnknownPayment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SandboxGatewayObject" (
    "id" TEXT NOT NULL,
    "merchantId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "parentId" TEXT,
    "orderId" TEXT,
    "data" JSONB NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SandboxGatewayObject_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Charge_receiptId_createdAt_idx" ON "Charge"("receiptId", "createdAt");

-- CreateIndex
CREATE INDEX "Charge_neighborhoodId_gatewayId_idx" ON "Charge"("neighborhoodId", "gatewayId");

-- CreateIndex
CREATE INDEX "Charge_houseId_status_createdAt_idx" ON "Charge"("houseId", "status", "createdAt");

-- CreateIndex
CREATE INDEX "Charge_status_createdAt_idx" ON "Charge"("status", "createdAt");

-- CreateIndex
CREATE INDEX "Card_houseId_deletedAt_idx" ON "Card"("houseId", "deletedAt");

-- CreateIndex
CREATE UNIQUE INDEX "GatewayEvent_neighborhoodId_eventId_key" ON "GatewayEvent"("neighborhoodId", "eventId");

-- CreateIndex
CREATE INDEX "Chargeback_neighborhoodId_id_idx" ON "Chargeback"("neighborhoodId", "id");

-- CreateIndex
CREATE UNIQUE INDEX "Chargeback_neighborhoodId_gatewayId_key" ON "Chargeback"("neighborhoodId", "gatewayId");

-- CreateIndex
CREATE UNIQUE INDEX "UnknownPayment_receiptId_key" ON "UnknownPayment"("receiptId");

-- CreateIndex
CREATE INDEX "UnknownPayment_neighborhoodId_deletedAt_id_idx" ON "UnknownPayment"("neighborhoodId", "deletedAt", "id");

-- CreateIndex
CREATE INDEX "SandboxGatewayObject_merchantId_kind_parentId_idx" ON "SandboxGatewayObject"("merchantId", "kind", "parentId");

-- CreateIndex
CREATE UNIQUE INDEX "SandboxGatewayObject_merchantId_kind_orderId_key" ON "SandboxGatewayObject"("merchantId", "kind", "orderId");

-- AddForeignKey
ALTER TABLE "Charge" ADD CONSTRAINT "Charge_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Charge" ADD CONSTRAINT "Charge_receiptId_fkey" FOREIGN KEY ("receiptId") REFERENCES "Receipt"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Card" ADD CONSTRAINT "Card_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Chargeback" ADD CONSTRAINT "Chargeback_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Chargeback" ADD CONSTRAINT "Chargeback_receiptId_fkey" FOREIGN KEY ("receiptId") REFERENCES "Receipt"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UnknownPayment" ADD CONSTRAINT "UnknownPayment_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Never charge twice: at most one charge in progress or completed per receipt.
CREATE UNIQUE INDEX "Charge_receipt_open_key" ON "Charge"("receiptId") WHERE "status" IN ('IN_PROGRESS', 'COMPLETED');

-- At most one card of a house has automatic charge.
CREATE UNIQUE INDEX "Card_house_automatic_key" ON "Card"("houseId") WHERE "automaticCharge" AND "deletedAt" IS NULL;
