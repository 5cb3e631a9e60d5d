// Sparse linear least squares, the core of every evaluation fit: each sample is a few indicator
// features (weight indices whose value is 1) and a few real-valued ones; minimise
// sum weight * (target - prediction)^2 + lambda * |u|^2 over the parameters u by conjugate gradients
// with a diagonal preconditioner. Targets are residuals from a prior, so the ridge pulls toward it.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

namespace reversi::train {

class SparseSamples {
public:
    SparseSamples(int indicators, int reals) : indicators_(indicators), reals_(reals) {}
    // `index`: indicators + reals parameter indices; `value`: the reals' values.
    void add(const std::uint32_t* index, const float* value, float target, float weight) {
        index_.insert(index_.end(), index, index + indicators_ + reals_);
        if (reals_ > 0) value_.insert(value_.end(), value, value + reals_);
        target_.push_back(target);
        weight_.push_back(weight);
    }
    std::size_t size() const { return target_.size(); }
    // The prediction of sample s under parameters u.
    double predict(const std::vector<double>& u, std::size_t s) const;
    template <class F>
    void forEachFeature(std::size_t s, F&& f) const {  // f(index, value)
        const std::uint32_t* ix = &index_[s * static_cast<std::size_t>(indicators_ + reals_)];
        for (int k = 0; k < indicators_; ++k) f(ix[k], 1.0);
        const float* v = reals_ ? &value_[s * static_cast<std::size_t>(reals_)] : nullptr;
        for (int k = 0; k < reals_; ++k) f(ix[indicators_ + k], static_cast<double>(v[k]));
    }
    float target(std::size_t s) const { return target_[s]; }
    float weight(std::size_t s) const { return weight_[s]; }
    // Weighted root-mean-square error of u's predictions.
    double rms(const std::vector<double>& u) const;

private:
    int indicators_, reals_;
    std::vector<std::uint32_t> index_;
    std::vector<float> value_, target_, weight_;
};

struct LinearFitReport {
    int iteration = 0;
    double trainRms = 0, validationRms = 0;  // in target units
};

// The parameters (params of them) fitted to `train`; `held` only measures. report() at iteration 0,
// every 10 iterations and at the end.
std::vector<double> fitLinear(const SparseSamples& train, const SparseSamples& held, std::size_t params, double lambda,
                              int iterations, const std::function<void(const LinearFitReport&)>& report = {});

}  // namespace reversi::train
