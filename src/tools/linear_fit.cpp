#include "tools/linear_fit.hpp"

#include <cmath>

namespace reversi::train {

double SparseSamples::predict(const std::vector<double>& u, std::size_t s) const {
    double sum = 0;
    forEachFeature(s, [&](std::uint32_t i, double v) { sum += u[i] * v; });
    return sum;
}

double SparseSamples::rms(const std::vector<double>& u) const {
    double sum = 0, weights = 0;
    for (std::size_t s = 0; s < size(); ++s) {
        const double e = target_[s] - predict(u, s);
        sum += weight_[s] * e * e;
        weights += weight_[s];
    }
    return weights > 0 ? std::sqrt(sum / weights) : 0.0;
}

std::vector<double> fitLinear(const SparseSamples& train, const SparseSamples& held, std::size_t params, double lambda,
                              int iterations, const std::function<void(const LinearFitReport&)>& report) {
    std::vector<double> u(params, 0), r(params, 0), z(params), p(params), q(params), diag(params, lambda), xp(train.size());
    for (std::size_t s = 0; s < train.size(); ++s)
        train.forEachFeature(s, [&](std::uint32_t i, double v) {
            r[i] += train.weight(s) * train.target(s) * v;
            diag[i] += train.weight(s) * v * v;
        });
    for (double& d : diag)
        if (d <= 0) d = 1;  // a parameter no sample uses (lambda 0): left at zero
    const auto multiply = [&](const std::vector<double>& v, std::vector<double>& out) {  // out = (X^T W X + lambda) v
        for (std::size_t s = 0; s < train.size(); ++s) xp[s] = train.predict(v, s) * train.weight(s);
        for (std::size_t i = 0; i < params; ++i) out[i] = lambda * v[i];
        for (std::size_t s = 0; s < train.size(); ++s)
            train.forEachFeature(s, [&](std::uint32_t i, double val) { out[i] += xp[s] * val; });
    };
    const auto emit = [&](int iteration) {
        if (report) report({iteration, train.rms(u), held.rms(u)});
    };
    emit(0);
    for (std::size_t i = 0; i < params; ++i) p[i] = z[i] = r[i] / diag[i];
    double rz = 0;
    for (std::size_t i = 0; i < params; ++i) rz += r[i] * z[i];
    for (int it = 1; it <= iterations && rz > 1e-12; ++it) {
        multiply(p, q);
        double pq = 0;
        for (std::size_t i = 0; i < params; ++i) pq += p[i] * q[i];
        const double alpha = rz / pq;
        for (std::size_t i = 0; i < params; ++i) {
            u[i] += alpha * p[i];
            r[i] -= alpha * q[i];
            z[i] = r[i] / diag[i];
        }
        double rzNext = 0;
        for (std::size_t i = 0; i < params; ++i) rzNext += r[i] * z[i];
        const double beta = rzNext / rz;
        rz = rzNext;
        for (std::size_t i = 0; i < params; ++i) p[i] = z[i] + beta * p[i];
        if (it % 10 == 0 || it == iterations) emit(it);
    }
    return u;
}

}  // namespace reversi::train
