-- AlterTable
ALTER TABLE "User" ADD COLUMN     "passwordCode" TEXT,
ADD COLUMN     "passwordCodeExpiresAt" TIMESTAMP(3);

-- CreateIndex
CREATE UNIQUE INDEX "User_passwordCode_key" ON "User"("passwordCode");
