-- CreateEnum
CREATE TYPE "NeighborhoodType" AS ENUM ('NEIGHBORHOOD', 'CONDOMINIUM', 'MALL');

-- CreateEnum
CREATE TYPE "Module" AS ENUM ('BASE', 'COBRANZA', 'PAGO_EN_LINEA', 'FACTURACION', 'ACCESO_VEHICULAR', 'VISITAS');

-- CreateEnum
CREATE TYPE "RoleKind" AS ENUM ('ADMIN', 'CONFIG_ADMIN', 'OWNER', 'CO_OWNER', 'RESIDENT', 'SECURITY', 'CUSTOM');

-- CreateEnum
CREATE TYPE "HouseStatus" AS ENUM ('NEW', 'MISSING_BALANCE', 'INCOMPLETE', 'ACTIVE', 'BLOCKED', 'DELETED');

-- CreateEnum
CREATE TYPE "CatastralAlgorithm" AS ENUM ('UNIQUE', 'INTERIOR_NUMBER_COMPOSED');

-- CreateTable
CREATE TABLE "Neighborhood" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "neighborhoodType" "NeighborhoodType" NOT NULL DEFAULT 'NEIGHBORHOOD',
    "modules" "Module"[] DEFAULT ARRAY['BASE']::"Module"[],
    "urlLogo" TEXT,
    "postalCode" TEXT,
    "timeZone" TEXT NOT NULL DEFAULT 'America/Mexico_City',
    "restrictVehicles" BOOLEAN NOT NULL DEFAULT false,
    "requiredTotalAmountDebts" BOOLEAN NOT NULL DEFAULT false,
    "visitorRequireVehicleInfo" BOOLEAN NOT NULL DEFAULT false,
    "visitorEmailRequired" BOOLEAN NOT NULL DEFAULT false,
    "visitorReasonRequired" BOOLEAN NOT NULL DEFAULT false,
    "visitorPictureRequired" BOOLEAN NOT NULL DEFAULT false,
    "visitorAllowPermanent" BOOLEAN NOT NULL DEFAULT false,
    "visitorAllowAdminSeeAll" BOOLEAN NOT NULL DEFAULT true,
    "requiredVehicleRevision" BOOLEAN NOT NULL DEFAULT false,
    "requiredVehicleTag" BOOLEAN NOT NULL DEFAULT false,
    "requiredVehicleAuthorization" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Neighborhood_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "passwordHash" TEXT,
    "firstName" TEXT NOT NULL,
    "lastName" TEXT,
    "birthDate" DATE,
    "mobile" TEXT,
    "landline" TEXT,
    "superAdmin" BOOLEAN NOT NULL DEFAULT false,
    "emailVerified" BOOLEAN NOT NULL DEFAULT false,
    "newEmail" TEXT,
    "emailCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Role" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "kind" "RoleKind" NOT NULL,
    "name" TEXT NOT NULL,
    "grants" TEXT[],
    "forHouse" BOOLEAN NOT NULL DEFAULT false,
    "allowCreateForHouseUser" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "Role_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "houseId" INTEGER,
    "roleId" INTEGER NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HouseType" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "title" TEXT NOT NULL,
    "description" TEXT,
    "defaultName" TEXT,
    "catastralAlgorithm" "CatastralAlgorithm" NOT NULL DEFAULT 'UNIQUE',
    "requireDimension" BOOLEAN NOT NULL DEFAULT false,
    "requireCondominium" BOOLEAN NOT NULL DEFAULT false,
    "requireBlock" BOOLEAN NOT NULL DEFAULT false,
    "requireLot" BOOLEAN NOT NULL DEFAULT false,
    "requireStreet" BOOLEAN NOT NULL DEFAULT false,
    "requireExteriorNumber" BOOLEAN NOT NULL DEFAULT false,
    "requireInteriorNumber" BOOLEAN NOT NULL DEFAULT false,
    "requireMall" BOOLEAN NOT NULL DEFAULT false,
    "hiddenToPublic" BOOLEAN NOT NULL DEFAULT false,
    "isCustom" BOOLEAN NOT NULL DEFAULT false,

    CONSTRAINT "HouseType_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Street" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Street_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "House" (
    "id" SERIAL NOT NULL,
    "neighborhoodId" INTEGER NOT NULL,
    "catastral" TEXT,
    "block" TEXT,
    "lot" TEXT,
    "exteriorNumber" TEXT,
    "interiorNumber" TEXT,
    "dimension" DECIMAL(12,2),
    "houseTypeId" INTEGER,
    "innerNeighborhoodId" INTEGER,
    "condominiumId" INTEGER,
    "mallId" INTEGER,
    "streetId" INTEGER,
    "parkingSpots" INTEGER,
    "status" "HouseStatus" NOT NULL DEFAULT 'NEW',
    "initialBalance" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "refuseReason" TEXT,
    "balanceReason" TEXT,
    "ownerUserId" INTEGER,
    "signupCode" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "House_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Session" (
    "id" UUID NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "publicToken" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "membershipId" INTEGER,
    "viaCookie" BOOLEAN NOT NULL DEFAULT true,
    "userAgent" TEXT,
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastSeenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),

    CONSTRAINT "Session_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SignInAttempt" (
    "id" BIGSERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "succeeded" BOOLEAN NOT NULL,
    "attemptedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInAttempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AuditLog" (
    "id" BIGSERIAL NOT NULL,
    "neighborhoodId" INTEGER,
    "userId" INTEGER,
    "action" TEXT NOT NULL,
    "entity" TEXT NOT NULL,
    "entityId" TEXT,
    "data" JSONB,
    "ip" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EmailOutbox" (
    "id" BIGSERIAL NOT NULL,
    "neighborhoodId" INTEGER,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "error" TEXT,

    CONSTRAINT "EmailOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "Neighborhood_domain_key" ON "Neighborhood"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE UNIQUE INDEX "User_emailCode_key" ON "User"("emailCode");

-- CreateIndex
CREATE INDEX "Role_neighborhoodId_kind_idx" ON "Role"("neighborhoodId", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Role_neighborhoodId_name_key" ON "Role"("neighborhoodId", "name");

-- CreateIndex
CREATE INDEX "Membership_neighborhoodId_houseId_idx" ON "Membership"("neighborhoodId", "houseId");

-- CreateIndex
CREATE INDEX "Membership_userId_idx" ON "Membership"("userId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_userId_neighborhoodId_houseId_key" ON "Membership"("userId", "neighborhoodId", "houseId");

-- CreateIndex
CREATE INDEX "HouseType_neighborhoodId_title_idx" ON "HouseType"("neighborhoodId", "title");

-- CreateIndex
CREATE INDEX "Street_neighborhoodId_name_idx" ON "Street"("neighborhoodId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "House_signupCode_key" ON "House"("signupCode");

-- CreateIndex
CREATE INDEX "House_neighborhoodId_id_idx" ON "House"("neighborhoodId", "id");

-- CreateIndex
CREATE INDEX "House_neighborhoodId_status_idx" ON "House"("neighborhoodId", "status");

-- CreateIndex
CREATE INDEX "House_neighborhoodId_catastral_idx" ON "House"("neighborhoodId", "catastral");

-- CreateIndex
CREATE UNIQUE INDEX "Session_tokenHash_key" ON "Session"("tokenHash");

-- CreateIndex
CREATE UNIQUE INDEX "Session_publicToken_key" ON "Session"("publicToken");

-- CreateIndex
CREATE INDEX "Session_userId_idx" ON "Session"("userId");

-- CreateIndex
CREATE INDEX "SignInAttempt_email_attemptedAt_idx" ON "SignInAttempt"("email", "attemptedAt");

-- CreateIndex
CREATE INDEX "SignInAttempt_ip_attemptedAt_idx" ON "SignInAttempt"("ip", "attemptedAt");

-- CreateIndex
CREATE INDEX "AuditLog_neighborhoodId_createdAt_idx" ON "AuditLog"("neighborhoodId", "createdAt");

-- CreateIndex
CREATE INDEX "EmailOutbox_sentAt_createdAt_idx" ON "EmailOutbox"("sentAt", "createdAt");

-- AddForeignKey
ALTER TABLE "Role" ADD CONSTRAINT "Role_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_houseId_fkey" FOREIGN KEY ("houseId") REFERENCES "House"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_roleId_fkey" FOREIGN KEY ("roleId") REFERENCES "Role"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HouseType" ADD CONSTRAINT "HouseType_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Street" ADD CONSTRAINT "Street_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_houseTypeId_fkey" FOREIGN KEY ("houseTypeId") REFERENCES "HouseType"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_streetId_fkey" FOREIGN KEY ("streetId") REFERENCES "Street"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "House" ADD CONSTRAINT "House_ownerUserId_fkey" FOREIGN KEY ("ownerUserId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Session" ADD CONSTRAINT "Session_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AuditLog" ADD CONSTRAINT "AuditLog_neighborhoodId_fkey" FOREIGN KEY ("neighborhoodId") REFERENCES "Neighborhood"("id") ON DELETE CASCADE ON UPDATE CASCADE;
