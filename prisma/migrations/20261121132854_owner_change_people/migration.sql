-- AddForeignKey
ALTER TABLE "HouseOwnerChange" ADD CONSTRAINT "HouseOwnerChange_fromUserId_fkey" FOREIGN KEY ("fromUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseOwnerChange" ADD CONSTRAINT "HouseOwnerChange_toUserId_fkey" FOREIGN KEY ("toUserId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseOwnerChange" ADD CONSTRAINT "HouseOwnerChange_changedByUserId_fkey" FOREIGN KEY ("changedByUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;
