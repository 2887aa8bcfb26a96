/* glicko2.c - the Glicko-2 rating system, step by step as in Glickman's
 * "Example of the Glicko-2 system" (glicko2.h).
 *
 * Copyright (C) 2026 The tdchess authors.
 * This file is free software: you can redistribute it and/or modify it
 * under the terms of the GNU General Public License, version 3 or later.
 */
#include "system.h"

#include <math.h>

#include "play/session/glicko2.h"

static const double SCALE = 173.7178; /* Glicko points a Glicko-2 unit */
static const double EPSILON = 0.000001;

static double g(double phi)
{
    return 1 / sqrt(1 + 3 * phi * phi / (M_PI * M_PI));
}

/* Step 5's f(x). */
static double f(double x, double delta, double phi, double v, double a, double tau)
{
    double ex = exp(x), d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2 * d * d) - (x - a) / (tau * tau);
}

/* Step 5: the new volatility, by the Illinois algorithm. */
static double new_volatility(double sigma, double delta, double phi, double v, double tau)
{
    double a = log(sigma * sigma), A = a, B;
    if (delta * delta > phi * phi + v) {
        B = log(delta * delta - phi * phi - v);
    } else {
        int k = 1;
        while (f(a - k * tau, delta, phi, v, a, tau) < 0 && k < 1000)
            k++;
        B = a - k * tau;
    }
    double fa = f(A, delta, phi, v, a, tau), fb = f(B, delta, phi, v, a, tau);
    for (int i = 0; fabs(B - A) > EPSILON && i < 1000; i++) {
        double C = A + (A - B) * fa / (fb - fa), fc = f(C, delta, phi, v, a, tau);
        if (fc * fb <= 0) {
            A = B;
            fa = fb;
        } else {
            fa /= 2;
        }
        B = C;
        fb = fc;
    }
    return exp(A / 2);
}

void glicko2_update(struct glicko2 *player, const struct glicko2_game *games, int count, double tau)
{
    /* Step 2: to the Glicko-2 scale. */
    double mu = (player->rating - 1500) / SCALE, phi = player->rd / SCALE;
    if (count <= 0) { /* step 6 alone */
        double grown = sqrt(phi * phi + player->volatility * player->volatility);
        player->rd = grown * SCALE;
        return;
    }
    /* Steps 3 and 4: the estimated variance v and improvement delta. */
    double inv_v = 0, sum = 0;
    for (int j = 0; j < count; j++) {
        double mu_j = (games[j].rating - 1500) / SCALE, phi_j = games[j].rd / SCALE;
        double gj = g(phi_j), e = 1 / (1 + exp(-gj * (mu - mu_j)));
        inv_v += gj * gj * e * (1 - e);
        sum += gj * (games[j].score - e);
    }
    double v = 1 / inv_v, delta = v * sum;
    /* Steps 5 to 8. */
    double sigma = new_volatility(player->volatility, delta, phi, v, tau);
    double phi_star = sqrt(phi * phi + sigma * sigma);
    double phi_new = 1 / sqrt(1 / (phi_star * phi_star) + 1 / v);
    double mu_new = mu + phi_new * phi_new * sum;
    player->rating = 1500 + SCALE * mu_new;
    player->rd = SCALE * phi_new;
    player->volatility = sigma;
}
