/* ODE 0.16 baseline for issue 24: N M4 robots driving on a plane, headless, 1 ms steps.
 *
 * The original LURobotSim ran on ODE; this program builds the same robot lurobotsim's
 * `run --robot M4 --env E1` builds (robots/M4.toml, src/world/mod.rs, src/world/spec/mod.rs)
 * in plain ODE so the two can be timed whole process against whole process
 * (benches/ode/measure). Not part of the build or CI.
 *
 *   m4 N STEPS [step] [inf] [defaults]
 *     N         robots (1: at the origin like `run --robot M4 --env E1`; 10: at
 *               z = -1.35 .. 1.35, 0.3 m apart, like benches/data/ten_busy.toml)
 *     STEPS     1 ms steps (60000 = 60 s)
 *     step      dWorldStep (exact big-matrix stepper) instead of dWorldQuickStep
 *     inf       mu = dInfinity (as the original did) instead of mu = 10
 *     defaults  ODE's world ERP/CFM for contacts instead of the 500 Hz spring below
 *
 * Prints the first robot's brick x and y (m) at the end.
 *
 * Build: gcc -O2 -std=c99 benches/ode/m4.c -o target/ode/m4 $(pkg-config --cflags --libs ode) -lm
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <ode/ode.h>

/* Fixed step, s (src/world/mod.rs DT). */
#define DT 0.001
/* Gravity, m/s², along -Y (Y is up in lurobotsim). */
#define GRAVITY -9.81

/* RCX brick (robots/M4.toml body "rcx"): full size x, y, z in m, density kg/m³, centre y. */
#define BRICK_X 0.125
#define BRICK_Y 0.05
#define BRICK_Z 0.064
#define BRICK_DENSITY 1428.0
#define BRICK_CY 0.05

/* Wheels (robots/M4.toml bodies left, right, back_left, back_right): capsules along Z,
 * radius 0.021 m, cylinder part 0.013 m long (rapier's capsule_z(0.0065, 0.021)), density
 * 714, centres at (±0.09, 0.021, ±0.057), hinged to the brick at the centre, axis Z. */
#define WHEEL_R 0.021
#define WHEEL_LEN 0.013
#define WHEEL_DENSITY 714.0
#define WHEEL_X 0.09
#define WHEEL_Z 0.057

/* Wheels' friction with the floor (robots/M4.toml friction = 10; E1's ground_friction
 * default is 10 too, src/world/spec/mod.rs). */
#define MU 10.0

/* Front motors (outputs A and C): velocity motor at ROBOLAB level 5 = power 7, the default
 * curve's last entry 25.1 rad/s (src/world/spec/mod.rs default_curve), limited to the
 * default max_torque 0.1 N·m (default_max_torque). Forward (+X) is a negative angular
 * velocity about +Z; the hinge's rate is wheel minus brick (wheel is body 1). */
#define MOTOR_VEL -25.1
#define MOTOR_FMAX 0.1

/* Contact softness: lurobotsim's contacts are a 500 Hz spring (src/world/mod.rs
 * CONTACT_HZ) with rapier's default damping ratio 10, relative to the contact's mass. ODE's
 * ERP/CFM from a spring kp = m w², kd = 2 zeta m w (ODE manual, "Soft constraint"):
 * ERP = h kp / (h kp + kd) = h w / (h w + 2 zeta)  (≈ 0.136, rapier's erp the same),
 * CFM = 1 / (h kp + kd), taken with m = a quarter of the robot's mass (one wheel's share). */
#define CONTACT_HZ 500.0
#define CONTACT_ZETA 10.0
/* Contacts per colliding pair (dCollide's limit). */
#define MAX_CONTACTS 4

/* Most robots: ten_busy.toml's ten. */
#define MAX_ROBOTS 64

static dWorldID world;
static dJointGroupID contacts;
static dReal mu = MU;
static int soft = 1;
static dReal contact_erp, contact_cfm;

/* Near callback: contacts between any two geoms except a brick and its own wheels. */
static void near(void *data, dGeomID g1, dGeomID g2) {
    (void)data;
    dBodyID b1 = dGeomGetBody(g1), b2 = dGeomGetBody(g2);
    if (b1 && b2 && dAreConnected(b1, b2))
        return;
    dContact c[MAX_CONTACTS];
    int n = dCollide(g1, g2, MAX_CONTACTS, &c[0].geom, sizeof(dContact));
    for (int i = 0; i < n; i++) {
        memset(&c[i].surface, 0, sizeof c[i].surface);
        c[i].surface.mode = dContactApprox1;
        c[i].surface.mu = mu;
        if (soft) {
            c[i].surface.mode |= dContactSoftERP | dContactSoftCFM;
            c[i].surface.soft_erp = contact_erp;
            c[i].surface.soft_cfm = contact_cfm;
        }
        dJointID j = dJointCreateContact(world, contacts, &c[i]);
        dJointAttach(j, b1, b2);
    }
}

/* One M4 with its brick centre at (0, BRICK_CY, z); returns the brick. Adds its mass, kg. */
static dBodyID build_m4(dSpaceID space, dReal z, dReal *mass_total) {
    dMass m;
    dBodyID brick = dBodyCreate(world);
    dMassSetBox(&m, BRICK_DENSITY, BRICK_X, BRICK_Y, BRICK_Z);
    dBodySetMass(brick, &m);
    *mass_total += m.mass;
    dBodySetPosition(brick, 0, BRICK_CY, z);
    dGeomSetBody(dCreateBox(space, BRICK_X, BRICK_Y, BRICK_Z), brick);

    static const dReal sx[4] = {WHEEL_X, WHEEL_X, -WHEEL_X, -WHEEL_X};
    static const dReal sz[4] = {-WHEEL_Z, WHEEL_Z, -WHEEL_Z, WHEEL_Z};
    for (int w = 0; w < 4; w++) {
        dBodyID wheel = dBodyCreate(world);
        dMassSetCapsule(&m, WHEEL_DENSITY, 3, WHEEL_R, WHEEL_LEN); /* 3: axis Z */
        dBodySetMass(wheel, &m);
        *mass_total += m.mass;
        dBodySetPosition(wheel, sx[w], WHEEL_R, z + sz[w]);
        /* dCreateCapsule's axis is the geom's Z: no rotation needed. */
        dGeomSetBody(dCreateCapsule(space, WHEEL_R, WHEEL_LEN), wheel);

        dJointID h = dJointCreateHinge(world, 0);
        dJointAttach(h, wheel, brick);
        dJointSetHingeAnchor(h, sx[w], WHEEL_R, z + sz[w]);
        dJointSetHingeAxis(h, 0, 0, 1);
        if (sx[w] > 0) { /* front wheels: motors A and C */
            dJointSetHingeParam(h, dParamVel, MOTOR_VEL);
            dJointSetHingeParam(h, dParamFMax, MOTOR_FMAX);
        }
    }
    return brick;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: m4 N STEPS [step] [inf] [defaults]\n");
        return 2;
    }
    int n = atoi(argv[1]);
    long steps = atol(argv[2]);
    int exact = 0;
    for (int i = 3; i < argc; i++) {
        if (!strcmp(argv[i], "step"))
            exact = 1;
        else if (!strcmp(argv[i], "inf"))
            mu = dInfinity;
        else if (!strcmp(argv[i], "defaults"))
            soft = 0;
        else {
            fprintf(stderr, "m4: unknown option %s\n", argv[i]);
            return 2;
        }
    }
    if (n < 1 || n > MAX_ROBOTS || steps < 0) {
        fprintf(stderr, "m4: N must be 1..%d, STEPS >= 0\n", MAX_ROBOTS);
        return 2;
    }

    dInitODE2(0);
    world = dWorldCreate();
    dWorldSetGravity(world, 0, GRAVITY, 0);
    dWorldSetQuickStepNumIterations(world, 20); /* ODE's default, said explicitly */
    dSpaceID space = dHashSpaceCreate(0);
    contacts = dJointGroupCreate(0);
    dCreatePlane(space, 0, 1, 0, 0); /* ground: y = 0 */

    /* Robot k at z = 0.3 (k - (N-1)/2): 0 for one robot, ten_busy.toml's -1.35 .. 1.35
     * for ten (src/world/mod.rs places copies 0.3 m apart too). */
    dBodyID first = 0;
    dReal mass = 0;
    for (int k = 0; k < n; k++) {
        dBodyID b = build_m4(space, 0.3 * (k - (n - 1) / 2.0), &mass);
        if (k == 0)
            first = b;
    }
    dReal w = 2 * M_PI * CONTACT_HZ, m_eff = mass / n / 4;
    contact_erp = DT * w / (DT * w + 2 * CONTACT_ZETA);
    contact_cfm = 1 / (m_eff * w * (DT * w + 2 * CONTACT_ZETA));

    for (long s = 0; s < steps; s++) {
        dSpaceCollide(space, 0, near);
        if (exact)
            dWorldStep(world, DT);
        else
            dWorldQuickStep(world, DT);
        dJointGroupEmpty(contacts);
    }

    const dReal *p = dBodyGetPosition(first);
    printf("robots %d steps %ld stepper %s mu %s contacts %s (erp %.4f cfm %.3g) "
           "robot mass %.4f kg\n",
           n, steps, exact ? "dWorldStep" : "dWorldQuickStep(20)", mu == dInfinity ? "inf" : "10",
           soft ? "500Hz" : "ODE world defaults", soft ? contact_erp : dWorldGetERP(world),
           soft ? contact_cfm : dWorldGetCFM(world),
           mass / n);
    printf("x %.4f y %.4f z %.4f speed %.4f m/s\n", p[0], p[1], p[2],
           steps ? p[0] / (steps * DT) : 0.0);

    dJointGroupDestroy(contacts);
    dSpaceDestroy(space);
    dWorldDestroy(world);
    dCloseODE();
    return 0;
}
