-- CreateIndex
CREATE INDEX "Receipt_neighborhoodId_realPaymentDate_idx" ON "Receipt"("neighborhoodId", "realPaymentDate");
