-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "acceptedAt" TIMESTAMP(3),
ADD COLUMN     "invitationCode" TEXT,
ADD COLUMN     "invitedAt" TIMESTAMP(3),
ADD COLUMN     "invitedByUserId" INTEGER,
ADD COLUMN     "pending" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE UNIQUE INDEX "Membership_invitationCode_key" ON "Membership"("invitationCode");

-- Written by hand: a pending invitation never opens anything (Prisma cannot express check constraints).
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_pending_inactive_check" CHECK (NOT ("pending" AND "active"));
